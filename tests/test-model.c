/* The models together (model/model.h): Systole's model is the latency
 * and resource models on the device's clock and memory, fitted to the
 * device; Odyssey's its own numbers at its clock or the one asked for;
 * an unknown model is refused. */
#include <math.h>

#include "model/latency.h"
#include "model/model.h"
#include "model/resources.h"
#include "testutil.h"

/* mm of 64 on space loops i,j, tiles of 16, latency 8, SIMD 2,
 * completed: the models read the modules' code. */
static SyTestDesign *make(void)
{
	g_autofree char *text = sy_test_mm_text("64");
	SyTestDesignSpec spec = {.name = "mm.c", .text = text,
		.space = "i,j", .tile = "i=16,j=16,k=16", .latency = "i=8,j=8",
		.simd = "k=2", .complete = TRUE};

	return sy_test_design_new(&spec);
}

/* The glue gives what the two models give on the device's clock and
 * memory, then the fit. */
static void test_systole(void)
{
	g_autoptr(SyDevice) u250 = sy_device_lookup("u250", NULL);
	g_autoptr(SyEstimate) e = NULL;
	g_autoptr(SyEstimate) l = sy_estimate_new();
	SyModelTarget t = {300, u250->channel_bits, u250->channel_gbps,
		u250->banks, SY_MODEL_BURST_CYCLES};
	GError *error = NULL;
	g_autoptr(SyTestDesign) m = make();

	e = sy_design_estimate(m->design, u250, NULL, &error);
	g_assert_no_error(error);
	g_assert_true(sy_resources_estimate(m->design, NULL, l, &error));
	g_assert_true(sy_latency_estimate(m->design, &t, l, &error));
	g_assert_no_error(error);
	g_assert_cmpstr(e->model, ==, "systole");
	g_assert_cmpfloat(e->cycles, ==, l->cycles);
	g_assert_cmpfloat(e->mhz, ==, 300);
	g_assert_cmpint(e->bottleneck, ==, l->bottleneck);
	for (int r = 0; r < SY_N_RESOURCES; r++)
		g_assert_cmpfloat(e->total.v[r], ==, l->total.v[r]);
	g_assert_cmpfloat(e->dsp_efficiency, ==, l->dsp_efficiency);
	/* 2 x 2 PEs x 2 lanes of fp32: 40 DSPs, against the U250's
	 * user DSPs, at a budget of all of them. */
	g_assert_cmpfloat(e->total.v[SY_RESOURCE_DSP], ==, 40);
	g_assert_cmpstr(e->device, ==, "u250");
	g_assert_cmpfloat(e->fit[SY_RESOURCE_DSP].used, ==, 40);
	g_assert_cmpfloat(e->fit[SY_RESOURCE_DSP].budget, ==,
		e->fit[SY_RESOURCE_DSP].available);
	g_assert_false(e->fit[SY_RESOURCE_DSP].over);
	g_assert_cmpuint(e->n_slrs, ==, 1);
}

/* --mhz: the same cycles in another time. */
static void test_mhz(void)
{
	g_autoptr(SyDevice) u250 = sy_device_lookup("u250", NULL);
	SyEstimateOptions o = {.mhz = 250};
	g_autoptr(SyEstimate) e = NULL;
	g_autoptr(SyEstimate) f = NULL;
	GError *error = NULL;
	g_autoptr(SyTestDesign) m = make();

	e = sy_design_estimate(m->design, u250, &o, &error);
	g_assert_no_error(error);
	g_assert_cmpfloat(e->mhz, ==, 250);
	g_assert_cmpfloat(fabs(e->seconds - e->cycles / 250e6), <=,
		1e-12 * e->seconds);
	o.model = "odyssey";
	f = sy_design_estimate(m->design, u250, &o, &error);
	g_assert_no_error(error);
	g_assert_cmpstr(f->model, ==, "odyssey");
	g_assert_cmpfloat(f->mhz, ==, 250);
	g_assert_cmpfloat(fabs(f->seconds - f->cycles / 250e6), <=,
		1e-12 * f->seconds);
}

static void test_unknown(void)
{
	g_autoptr(SyDevice) u250 = sy_device_lookup("u250", NULL);
	SyEstimateOptions o = {.model = "autosa"};
	GError *error = NULL;
	g_autoptr(SyTestDesign) m = make();

	g_assert_null(sy_design_estimate(m->design, u250, &o, &error));
	g_assert_error(error, SY_MODEL_ERROR, 0);
	g_assert_cmpstr(error->message, ==,
		"no model 'autosa': the models are systole (the default) and "
		"odyssey");
	g_error_free(error);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/model/systole", test_systole);
	g_test_add_func("/model/mhz", test_mhz);
	g_test_add_func("/model/unknown", test_unknown);
	return g_test_run();
}
