/* The estimate's printers (report/report-estimate.h) on estimates made
 * here, member by member: the exact tables, JSON and warnings, before
 * and after a fit against a device, over budget or not. */
#include <string.h>

#include "base/json-print.h"
#include "report/report-estimate.h"

static void set_resources(SyResources *r, double dsp, double bram18k,
	double uram, double lut, double ff)
{
	r->v[SY_RESOURCE_DSP] = dsp;
	r->v[SY_RESOURCE_BRAM18K] = bram18k;
	r->v[SY_RESOURCE_URAM] = uram;
	r->v[SY_RESOURCE_LUT] = lut;
	r->v[SY_RESOURCE_FF] = ff;
}

/* A matrix multiply's: the PE family the bottleneck at II 2, an input
 * module, a drain; fractional cycles and half DSPs. */
static SyEstimate *made(void)
{
	SyEstimate *e = sy_estimate_new();
	SyModuleEstimate *pe, *io, *drain;

	e->cycles = 1048832.5;
	e->prologue = 160;
	e->steady = 1048576;
	e->epilogue = 96.5;
	e->mhz = 300;
	e->seconds = e->cycles / 300e6;
	e->ops = 2.0 * 1024 * 1024 * 1024;
	e->flops = TRUE;
	e->gops = e->ops / e->seconds / 1e9;
	e->dsp_efficiency = 0.5;
	e->pe_utilisation = 1.0 / 3.0;
	e->offchip_bytes = 12582912;
	e->bandwidth_gbps = e->offchip_bytes / e->seconds / 1e9;
	pe = sy_estimate_add_module(e, "PE", SY_MODULE_PE, 256);
	pe->cycles = 1048576;
	pe->ii = 2;
	pe->ii_reason = g_strdup(
		"accumulation: 4 independent sums for an adder of latency 7");
	pe->depth = 12;
	pe->share = 1;
	set_resources(&pe->resources, 1280, 0, 0, 230400, 345600);
	io = sy_estimate_add_module(e, "A_IO_L2_in", SY_MODULE_IO, 16);
	io->cycles = 524288;
	io->first = 160;
	io->depth = 3;
	io->share = 0.5;
	set_resources(&io->resources, 0.5, 64, 0, 16000, 20000);
	drain = sy_estimate_add_module(
		e, "C_drain_IO_L1_out", SY_MODULE_DRAIN, 256);
	drain->cycles = 65536;
	drain->last = 96.5;
	drain->depth = 2;
	drain->share = 0.0625;
	set_resources(&drain->resources, 0, 512, 0, 51200, 76800);
	e->bottleneck = 0;
	set_resources(&e->fifos, 0, 0, 0, 8192, 16384);
	for (int k = 0; k < SY_N_RESOURCES; k++)
		e->total.v[k] = pe->resources.v[k] + io->resources.v[k] +
			drain->resources.v[k] + e->fifos.v[k];
	return e;
}

/* The fit of made() on a two-SLR device whose FF budget it passes, in
 * the whole device and in each SLR; SLR1 leaves the user fewer LUTs and
 * FFs than SLR0 (a shell in it, as on U280).  The SLRs' budgets are
 * half of what they leave, so that no column can stand for another. */
static void fit(SyEstimate *e)
{
	static const double available[SY_N_RESOURCES] = {
		12288, 5376, 1280, 1728000, 300000};

	e->device = g_strdup("u250");
	e->device_gbps = 77;
	for (int k = 0; k < SY_N_RESOURCES; k++) {
		e->fit[k].used = e->total.v[k];
		e->fit[k].available = available[k];
		e->fit[k].budget = available[k];
		e->fit[k].over = e->fit[k].used > e->fit[k].budget;
	}
	e->n_slrs = 2;
	e->slr = g_new0(SyResources, 2);
	set_resources(&e->slr[0], 640.5, 288, 0, 152800, 229392);
	set_resources(&e->slr[1], 640, 288, 0, 152992, 229392);
	e->slr_available = g_new0(SyResources, 2);
	e->slr_budget = g_new0(SyResources, 2);
	set_resources(&e->slr_available[0], 6000, 2600, 640, 900000, 160000);
	set_resources(&e->slr_available[1], 6288, 2776, 640, 828000, 140000);
	set_resources(&e->slr_budget[0], 3000, 1300, 320, 450000, 80000);
	set_resources(&e->slr_budget[1], 3144, 1388, 320, 414000, 70000);
}

static const char *const text_before_fit =
	"model systole at 300 MHz\n"
	"\n"
	"cycles          1048832.5 (prologue 160, steady state 1048576, "
	"epilogue 96.5)\n"
	"time            3.49611 ms\n"
	"throughput      614.25 GFLOP/s (2147483648 floating-point "
	"operations on the original problem)\n"
	"DSP efficiency  50.0 %\n"
	"PE utilisation  33.3 %\n"
	"off-chip        12582912 bytes, 3.599 GB/s\n"
	"bottleneck      PE\n"
	"\n"
	"module             kind   count   cycles  II    share     DSP  "
	"BRAM18K  URAM     LUT      FF\n"
	"PE                 pe       256  1048576   2  100.0 %    1280"
	"        0     0  230400  345600\n"
	"A_IO_L2_in         io        16   524288   1   50.0 %     0.5"
	"       64     0   16000   20000\n"
	"C_drain_IO_L1_out  drain    256    65536   1    6.2 %       0"
	"      512     0   51200   76800\n"
	"FIFOs                                                       0"
	"        0     0    8192   16384\n"
	"total                                                  1280.5"
	"      576     0  305792  458784\n"
	"\n"
	"II 2 in PE: accumulation: 4 independent sums for an adder of "
	"latency 7\n";

static const char *const text_fit =
	"\n"
	"fit on u250\n"
	"resource    used  available   budget  percent\n"
	"DSP       1280.5      12288    12288   10.4 %\n"
	"BRAM18K      576       5376     5376   10.7 %\n"
	"BRAM36K      288       2688     2688   10.7 %\n"
	"URAM           0       1280     1280    0.0 %\n"
	"LUT       305792    1728000  1728000   17.7 %\n"
	"FF        458784     300000   300000  152.9 %  OVER\n"
	"\n"
	"the design spans 2 SLRs\n"
	"SLR   resource    used  available  budget  percent\n"
	"SLR0  DSP        640.5       6000    3000   10.7 %\n"
	"      BRAM18K      288       2600    1300   11.1 %\n"
	"      BRAM36K      144       1300     650   11.1 %\n"
	"      URAM           0        640     320    0.0 %\n"
	"      LUT       152800     900000  450000   17.0 %\n"
	"      FF        229392     160000   80000  143.4 %  OVER\n"
	"SLR1  DSP          640       6288    3144   10.2 %\n"
	"      BRAM18K      288       2776    1388   10.4 %\n"
	"      BRAM36K      144       1388     694   10.4 %\n"
	"      URAM           0        640     320    0.0 %\n"
	"      LUT       152992     828000  414000   18.5 %\n"
	"      FF        229392     140000   70000  163.9 %  OVER\n";

/* text with the first occurrence of from replaced by to. */
static char *replaced(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);

	g_assert_nonnull(at);
	return g_strdup_printf("%.*s%s%s", (int)(at - text), text, to,
		at + strlen(from));
}

/* Before the fit: the figures and the modules; after: the device in the
 * first line, its bandwidth beside the need, the fit with BRAM in both
 * units and FF over, and the SLRs. */
static void test_text(void)
{
	g_autoptr(SyEstimate) e = made();
	g_autofree char *before = sy_report_estimate_text(e);
	g_autofree char *after = NULL;
	g_autofree char *head = NULL;
	g_autofree char *bandwidth = NULL;
	g_autofree char *expected = NULL;

	g_assert_cmpstr(before, ==, text_before_fit);
	fit(e);
	after = sy_report_estimate_text(e);
	head = replaced(text_before_fit, "systole at", "systole on u250 at");
	bandwidth = replaced(head, "3.599 GB/s\n",
		"3.599 GB/s of the device's 77 GB/s (4.7 %)\n");
	expected = g_strconcat(bandwidth, text_fit, NULL);
	g_assert_cmpstr(after, ==, expected);
}

/* Whole numbers without a fraction, ratios to 6 digits, the module
 * families in order; no fit before sy_estimate_fit. */
static const char *const json_before_fit =
	"{\n"
	"  \"model\" : \"systole\",\n"
	"  \"device\" : null,\n"
	"  \"mhz\" : 300,\n"
	"  \"cycles\" : 1048832.5,\n"
	"  \"prologue\" : 160,\n"
	"  \"steady\" : 1048576,\n"
	"  \"epilogue\" : 96.5,\n"
	"  \"launches\" : 1,\n"
	"  \"seconds\" : 0.00349611,\n"
	"  \"ops\" : 2147483648,\n"
	"  \"flops\" : true,\n"
	"  \"gops\" : 614.25,\n"
	"  \"dsp_efficiency\" : 0.5,\n"
	"  \"pe_utilisation\" : 0.333333,\n"
	"  \"offchip_bytes\" : 12582912,\n"
	"  \"bandwidth_gbps\" : 3.59912,\n"
	"  \"device_gbps\" : 0,\n"
	"  \"bottleneck\" : \"PE\",\n"
	"  \"resources\" : {\n"
	"    \"dsp\" : 1280.5,\n"
	"    \"bram18k\" : 576,\n"
	"    \"uram\" : 0,\n"
	"    \"lut\" : 305792,\n"
	"    \"ff\" : 458784\n"
	"  },\n"
	"  \"fifos\" : {\n"
	"    \"dsp\" : 0,\n"
	"    \"bram18k\" : 0,\n"
	"    \"uram\" : 0,\n"
	"    \"lut\" : 8192,\n"
	"    \"ff\" : 16384\n"
	"  },\n"
	"  \"modules\" : [\n"
	"    {\n"
	"      \"name\" : \"PE\",\n"
	"      \"kind\" : \"pe\",\n"
	"      \"count\" : 256,\n"
	"      \"cycles\" : 1048576,\n"
	"      \"first\" : 0,\n"
	"      \"last\" : 0,\n"
	"      \"ii\" : 2,\n"
	"      \"ii_reason\" : \"accumulation: 4 independent sums for an adder of latency 7\",\n"
	"      \"depth\" : 12,\n"
	"      \"share\" : 1,\n"
	"      \"resources\" : {\n"
	"        \"dsp\" : 1280,\n"
	"        \"bram18k\" : 0,\n"
	"        \"uram\" : 0,\n"
	"        \"lut\" : 230400,\n"
	"        \"ff\" : 345600\n"
	"      }\n"
	"    },\n"
	"    {\n"
	"      \"name\" : \"A_IO_L2_in\",\n"
	"      \"kind\" : \"io\",\n"
	"      \"count\" : 16,\n"
	"      \"cycles\" : 524288,\n"
	"      \"first\" : 160,\n"
	"      \"last\" : 0,\n"
	"      \"ii\" : 1,\n"
	"      \"ii_reason\" : null,\n"
	"      \"depth\" : 3,\n"
	"      \"share\" : 0.5,\n"
	"      \"resources\" : {\n"
	"        \"dsp\" : 0.5,\n"
	"        \"bram18k\" : 64,\n"
	"        \"uram\" : 0,\n"
	"        \"lut\" : 16000,\n"
	"        \"ff\" : 20000\n"
	"      }\n"
	"    },\n"
	"    {\n"
	"      \"name\" : \"C_drain_IO_L1_out\",\n"
	"      \"kind\" : \"drain\",\n"
	"      \"count\" : 256,\n"
	"      \"cycles\" : 65536,\n"
	"      \"first\" : 0,\n"
	"      \"last\" : 96.5,\n"
	"      \"ii\" : 1,\n"
	"      \"ii_reason\" : null,\n"
	"      \"depth\" : 2,\n"
	"      \"share\" : 0.0625,\n"
	"      \"resources\" : {\n"
	"        \"dsp\" : 0,\n"
	"        \"bram18k\" : 512,\n"
	"        \"uram\" : 0,\n"
	"        \"lut\" : 51200,\n"
	"        \"ff\" : 76800\n"
	"      }\n"
	"    }\n"
	"  ],\n"
	"  \"fit\" : null,\n"
	"  \"over\" : [],\n"
	"  \"slrs\" : []\n"
	"}\n";

static const char *const json_fit =
	"  \"fit\" : {\n"
	"    \"dsp\" : {\n"
	"      \"used\" : 1280.5,\n"
	"      \"available\" : 12288,\n"
	"      \"budget\" : 12288,\n"
	"      \"percent\" : 10.4207,\n"
	"      \"over\" : false\n"
	"    },\n"
	"    \"bram18k\" : {\n"
	"      \"used\" : 576,\n"
	"      \"available\" : 5376,\n"
	"      \"budget\" : 5376,\n"
	"      \"percent\" : 10.7143,\n"
	"      \"over\" : false\n"
	"    },\n"
	"    \"bram36k\" : {\n"
	"      \"used\" : 288,\n"
	"      \"available\" : 2688,\n"
	"      \"budget\" : 2688,\n"
	"      \"percent\" : 10.7143,\n"
	"      \"over\" : false\n"
	"    },\n"
	"    \"uram\" : {\n"
	"      \"used\" : 0,\n"
	"      \"available\" : 1280,\n"
	"      \"budget\" : 1280,\n"
	"      \"percent\" : 0,\n"
	"      \"over\" : false\n"
	"    },\n"
	"    \"lut\" : {\n"
	"      \"used\" : 305792,\n"
	"      \"available\" : 1728000,\n"
	"      \"budget\" : 1728000,\n"
	"      \"percent\" : 17.6963,\n"
	"      \"over\" : false\n"
	"    },\n"
	"    \"ff\" : {\n"
	"      \"used\" : 458784,\n"
	"      \"available\" : 300000,\n"
	"      \"budget\" : 300000,\n"
	"      \"percent\" : 152.928,\n"
	"      \"over\" : true\n"
	"    }\n"
	"  },\n"
	"  \"over\" : [\n"
	"    \"ff\"\n"
	"  ],\n"
	"  \"slrs\" : [\n"
	"    {\n"
	"      \"dsp\" : 640.5,\n"
	"      \"bram18k\" : 288,\n"
	"      \"uram\" : 0,\n"
	"      \"lut\" : 152800,\n"
	"      \"ff\" : 229392,\n"
	"      \"available\" : {\n"
	"        \"dsp\" : 6000,\n"
	"        \"bram18k\" : 2600,\n"
	"        \"uram\" : 640,\n"
	"        \"lut\" : 900000,\n"
	"        \"ff\" : 160000\n"
	"      },\n"
	"      \"budget\" : {\n"
	"        \"dsp\" : 3000,\n"
	"        \"bram18k\" : 1300,\n"
	"        \"uram\" : 320,\n"
	"        \"lut\" : 450000,\n"
	"        \"ff\" : 80000\n"
	"      }\n"
	"    },\n"
	"    {\n"
	"      \"dsp\" : 640,\n"
	"      \"bram18k\" : 288,\n"
	"      \"uram\" : 0,\n"
	"      \"lut\" : 152992,\n"
	"      \"ff\" : 229392,\n"
	"      \"available\" : {\n"
	"        \"dsp\" : 6288,\n"
	"        \"bram18k\" : 2776,\n"
	"        \"uram\" : 640,\n"
	"        \"lut\" : 828000,\n"
	"        \"ff\" : 140000\n"
	"      },\n"
	"      \"budget\" : {\n"
	"        \"dsp\" : 3144,\n"
	"        \"bram18k\" : 1388,\n"
	"        \"uram\" : 320,\n"
	"        \"lut\" : 414000,\n"
	"        \"ff\" : 70000\n"
	"      }\n"
	"    }\n"
	"  ]\n"
	"}\n";

/* After: the device and its bandwidth, each resource against it (BRAM
 * in 36K tiles too), what is over, the SLRs. */
static void test_json(void)
{
	g_autoptr(SyEstimate) e = made();
	g_autoptr(JsonNode) before = sy_report_estimate_json(e);
	g_autofree char *text = sy_json_print(before);
	g_autoptr(JsonNode) after = NULL;
	g_autofree char *fitted = NULL;

	g_assert_cmpstr(text, ==, json_before_fit);
	fit(e);
	after = sy_report_estimate_json(e);
	fitted = sy_json_print(after);
	g_assert_nonnull(strstr(fitted, "  \"device\" : \"u250\",\n"));
	g_assert_nonnull(strstr(fitted, "  \"device_gbps\" : 77,\n"));
	g_assert_cmpstr(strstr(fitted, "  \"fit\""), ==, json_fit);
}

/* One sentence per resource over budget, naming it; BRAM in both units;
 * a budget under what the device gives says both. */
static void test_warnings(void)
{
	g_autoptr(SyEstimate) e = made();
	g_autoptr(GPtrArray) none = sy_report_estimate_warnings(e);
	g_autoptr(GPtrArray) ff = NULL;
	g_autoptr(GPtrArray) two = NULL;

	g_assert_cmpuint(none->len, ==, 0);
	fit(e);
	ff = sy_report_estimate_warnings(e);
	g_assert_cmpuint(ff->len, ==, 1);
	g_assert_cmpstr(ff->pdata[0], ==,
		"the design needs 458784 FF, over the 300000 the u250 gives "
		"(152.9 %)");
	e->fit[SY_RESOURCE_BRAM18K].budget = 500;
	e->fit[SY_RESOURCE_BRAM18K].over = TRUE;
	two = sy_report_estimate_warnings(e);
	g_assert_cmpuint(two->len, ==, 2);
	g_assert_cmpstr(two->pdata[0], ==,
		"the design needs 576 BRAM18K (288 36K tiles), over its budget "
		"of 500 of the 5376 the u250 gives (10.7 %)");
	g_assert_cmpstr(two->pdata[1], ==, ff->pdata[0]);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/report-estimate/text", test_text);
	g_test_add_func("/report-estimate/json", test_json);
	g_test_add_func("/report-estimate/warnings", test_warnings);
	return g_test_run();
}
