/* sy_estimate_fit: an estimate's totals against what a device's
 * platform leaves to the user, the budget, and the SLRs it spans;
 * sy_device_budget. */
#include "model/fit.h"

static SyEstimate *estimate(
	double dsp, double bram18k, double uram, double lut, double ff)
{
	SyEstimate *e = sy_estimate_new();

	e->total.v[SY_RESOURCE_DSP] = dsp;
	e->total.v[SY_RESOURCE_BRAM18K] = bram18k;
	e->total.v[SY_RESOURCE_URAM] = uram;
	e->total.v[SY_RESOURCE_LUT] = lut;
	e->total.v[SY_RESOURCE_FF] = ff;
	return e;
}

static SyDevice *device(const char *name)
{
	g_autoptr(GError) error = NULL;
	SyDevice *d = sy_device_lookup(name, &error);

	g_assert_no_error(error);
	return d;
}

static void check_fit(const SyResourceFit *f, double used, double available,
	double budget, gboolean over)
{
	g_assert_cmpfloat(f->used, ==, used);
	g_assert_cmpfloat(f->available, ==, available);
	g_assert_cmpfloat(f->budget, ==, budget);
	g_assert_cmpint(f->over, ==, over);
}

/* SLR slr's fit of resource k, against what it leaves to the user. */
static void check_slr(const SyEstimate *e, guint slr, SyResourceKind k,
	double used, double available, double budget, gboolean over)
{
	SyResourceFit f = sy_estimate_slr_fit(e, slr, k);

	g_assert_cmpfloat(e->slr_available[slr].v[k], ==, available);
	g_assert_cmpfloat(e->slr_budget[slr].v[k], ==, budget);
	check_fit(&f, used, available, budget, over);
}

/* AutoSA's fp32 13x16x8 design on U250 (odyssey.md 6.4: 8320 DSP, 952
 * BRAM36, 803,752 LUT, 1,325,480 FF) under Odyssey's 70 %: over in DSP
 * only (8320 > 0.7 x 11520 = 8064), and no fewer than the 4 SLRs hold
 * it (8320 / 4 = 2080 > 0.7 x 2880 = 2016). */
static void test_over_dsp(void)
{
	g_autoptr(SyDevice) u250 = device("u250");
	g_autoptr(SyEstimate) e = estimate(8320, 1904, 0, 803752, 1325480);

	sy_estimate_fit(e, u250, 0.7);
	g_assert_cmpstr(e->device, ==, "u250");
	check_fit(&e->fit[SY_RESOURCE_DSP], 8320, 11520, 11520 * 0.7, TRUE);
	check_fit(&e->fit[SY_RESOURCE_BRAM18K], 1904, 4608, 4608 * 0.7, FALSE);
	check_fit(&e->fit[SY_RESOURCE_URAM], 0, 1280, 1280 * 0.7, FALSE);
	check_fit(&e->fit[SY_RESOURCE_LUT], 803752, 1526400, 1526400 * 0.7,
		FALSE);
	check_fit(&e->fit[SY_RESOURCE_FF], 1325480, 3052800, 3052800 * 0.7,
		FALSE);
	g_assert_cmpuint(e->n_slrs, ==, 4);
	g_assert_cmpfloat(e->slr[3].v[SY_RESOURCE_DSP], ==, 2080);
	g_assert_cmpfloat(e->slr[0].v[SY_RESOURCE_LUT], ==, 200938);
	/* Each SLR: a quarter of the design against AutoBridge's 2880
	 * DSP, 1152 BRAM18K, 320 URAM, 381,600 LUT and 763,200 FF, at
	 * 70 %; DSP over in every one. */
	for (guint k = 0; k < 4; k++) {
		check_slr(e, k, SY_RESOURCE_DSP, 2080, 2880, 2880 * 0.7, TRUE);
		check_slr(e, k, SY_RESOURCE_BRAM18K, 476, 1152, 1152 * 0.7,
			FALSE);
		check_slr(e, k, SY_RESOURCE_URAM, 0, 320, 320 * 0.7, FALSE);
		check_slr(e, k, SY_RESOURCE_LUT, 200938, 381600, 381600 * 0.7,
			FALSE);
		check_slr(e, k, SY_RESOURCE_FF, 331370, 763200, 763200 * 0.7,
			FALSE);
	}
	g_assert_cmpfloat(e->device_gbps, ==, 77);
}

/* 8000 DSP do not fit 2 U250 SLRs (4000 > 2880) but fit 3 (2666.67);
 * everything else fits one. */
static void test_three_slrs(void)
{
	g_autoptr(SyDevice) u250 = device("u250");
	g_autoptr(SyEstimate) e = estimate(8000, 2000, 100, 300000, 600000);

	sy_estimate_fit(e, u250, 1.0);
	for (int r = 0; r < SY_N_RESOURCES; r++)
		g_assert_false(e->fit[r].over);
	g_assert_cmpfloat(e->fit[SY_RESOURCE_DSP].budget, ==, 11520);
	g_assert_cmpuint(e->n_slrs, ==, 3);
	for (guint k = 0; k < 3; k++) {
		g_assert_cmpfloat(e->slr[k].v[SY_RESOURCE_DSP], ==, 8000.0 / 3);
		g_assert_cmpfloat(
			e->slr[k].v[SY_RESOURCE_BRAM18K], ==, 2000.0 / 3);
		g_assert_cmpfloat(e->slr[k].v[SY_RESOURCE_URAM], ==, 100.0 / 3);
		g_assert_cmpfloat(e->slr[k].v[SY_RESOURCE_LUT], ==, 100000);
		g_assert_cmpfloat(e->slr[k].v[SY_RESOURCE_FF], ==, 200000);
	}
}

/* On U280 SLR0 leaves 2736 DSP: 2800 need two SLRs, 2736 one; the
 * HBM's 32 pseudo-channels give 460 GB/s.  A second fit replaces the
 * first. */
static void test_u280(void)
{
	g_autoptr(SyDevice) u280 = device("u280");
	g_autoptr(SyDevice) u50 = device("u50");
	g_autoptr(SyEstimate) e = estimate(2800, 0, 0, 0, 0);

	sy_estimate_fit(e, u280, 1.0);
	g_assert_cmpuint(e->n_slrs, ==, 2);
	g_assert_cmpfloat(e->slr[1].v[SY_RESOURCE_DSP], ==, 1400);
	check_slr(e, 0, SY_RESOURCE_DSP, 1400, 2736, 2736, FALSE);
	check_slr(e, 1, SY_RESOURCE_DSP, 1400, 2880, 2880, FALSE);
	check_slr(e, 0, SY_RESOURCE_LUT, 0, 401760, 401760, FALSE);
	check_slr(e, 1, SY_RESOURCE_BRAM18K, 0, 1152, 1152, FALSE);
	check_fit(&e->fit[SY_RESOURCE_DSP], 2800, 8496, 8496, FALSE);
	check_fit(&e->fit[SY_RESOURCE_BRAM18K], 0, 3504, 3504, FALSE);
	check_fit(&e->fit[SY_RESOURCE_LUT], 0, 1165920, 1165920, FALSE);
	g_assert_cmpfloat(e->device_gbps, ==, 460);
	e->total.v[SY_RESOURCE_DSP] = 2736;
	sy_estimate_fit(e, u280, 1.0);
	g_assert_cmpuint(e->n_slrs, ==, 1);
	g_assert_cmpfloat(e->slr[0].v[SY_RESOURCE_DSP], ==, 2736);
	check_slr(e, 0, SY_RESOURCE_DSP, 2736, 2736, 2736, FALSE);
	sy_estimate_fit(e, u50, 0.5);
	g_assert_cmpstr(e->device, ==, "u50");
	g_assert_cmpuint(e->n_slrs, ==, 2);
	check_fit(&e->fit[SY_RESOURCE_DSP], 2736, 5952, 2976, FALSE);
	check_slr(e, 1, SY_RESOURCE_DSP, 1368, 2976, 1488, FALSE);
	g_assert_cmpfloat(e->device_gbps, ==, 316);
}

/* A 32x16 PE matrix multiply on U280 (systole-cli estimate --space i,j
 * --tile i=32,j=32,k=16 --device u280 mm.c): its LUTs need all three
 * SLRs (528,188 per SLR over two > 401,760).  At 90 % the device's LUT
 * budget (1,049,328) is passed, and per SLR only SLR1 and SLR2's
 * (343,872 < 352,125.33; SLR0 leaves more to the user: 361,584). */
static void test_u280_three_slrs(void)
{
	g_autoptr(SyDevice) u280 = device("u280");
	g_autoptr(SyEstimate) e = estimate(5120, 32, 0, 1056376, 1601712);

	sy_estimate_fit(e, u280, 1.0);
	g_assert_cmpuint(e->n_slrs, ==, 3);
	check_fit(&e->fit[SY_RESOURCE_LUT], 1056376, 1165920, 1165920, FALSE);
	check_slr(e, 0, SY_RESOURCE_DSP, 5120.0 / 3, 2736, 2736, FALSE);
	check_slr(e, 0, SY_RESOURCE_BRAM18K, 32.0 / 3, 1200, 1200, FALSE);
	check_slr(e, 0, SY_RESOURCE_URAM, 0, 320, 320, FALSE);
	check_slr(e, 0, SY_RESOURCE_LUT, 1056376.0 / 3, 401760, 401760, FALSE);
	check_slr(e, 0, SY_RESOURCE_FF, 533904, 803520, 803520, FALSE);
	for (guint k = 1; k < 3; k++) {
		check_slr(e, k, SY_RESOURCE_DSP, 5120.0 / 3, 2880, 2880, FALSE);
		check_slr(
			e, k, SY_RESOURCE_BRAM18K, 32.0 / 3, 1152, 1152, FALSE);
		check_slr(e, k, SY_RESOURCE_URAM, 0, 320, 320, FALSE);
		check_slr(e, k, SY_RESOURCE_LUT, 1056376.0 / 3, 382080, 382080,
			FALSE);
		check_slr(e, k, SY_RESOURCE_FF, 533904, 764160, 764160, FALSE);
	}
	sy_estimate_fit(e, u280, 0.9);
	g_assert_cmpuint(e->n_slrs, ==, 3);
	check_fit(&e->fit[SY_RESOURCE_LUT], 1056376, 1165920, 1165920 * 0.9,
		TRUE);
	check_slr(e, 0, SY_RESOURCE_LUT, 1056376.0 / 3, 401760, 401760 * 0.9,
		FALSE);
	check_slr(e, 1, SY_RESOURCE_LUT, 1056376.0 / 3, 382080, 382080 * 0.9,
		TRUE);
	check_slr(e, 2, SY_RESOURCE_LUT, 1056376.0 / 3, 382080, 382080 * 0.9,
		TRUE);
	check_slr(e, 2, SY_RESOURCE_DSP, 5120.0 / 3, 2880, 2880 * 0.9, FALSE);
}

/* A design no set of SLRs holds spans them all, over budget.  The
 * memory: U200's 4 DDR4-2400 channels give 77 GB/s, F1's 4 DDR4-2133
 * ones 68 (aws-fpga's Alveo to F1 migration guide). */
static void test_too_large(void)
{
	g_autoptr(SyDevice) u200 = device("u200");
	g_autoptr(SyDevice) vu9p = device("vu9p");
	g_autoptr(SyEstimate) e = estimate(7000, 0, 0, 0, 0);
	g_autoptr(SyEstimate) none = estimate(0, 0, 0, 0, 0);

	sy_estimate_fit(e, u200, 1.0);
	g_assert_cmpuint(e->n_slrs, ==, 3);
	check_fit(&e->fit[SY_RESOURCE_DSP], 7000, 6840, 6840, TRUE);
	for (guint k = 0; k < 3; k++)
		check_slr(e, k, SY_RESOURCE_DSP, 7000.0 / 3, 2280, 2280, TRUE);
	sy_estimate_fit(none, u200, 1.0);
	g_assert_cmpuint(none->n_slrs, ==, 1);
	g_assert_cmpfloat(none->device_gbps, ==, 77);
	sy_estimate_fit(none, vu9p, 0.75);
	g_assert_cmpstr(none->device, ==, "vu9p");
	g_assert_cmpfloat(none->device_gbps, ==, 68);
}

/* The budget explore holds designs to: the SLRs' sums (u280's differ
 * per SLR: 2,736 + 2 x 2,880 DSPs), 70 % each by default, else each
 * resource's own fraction. */
static void test_budget(void)
{
	g_autoptr(SyDevice) u280 = device("u280");
	const double fractions[SY_N_RESOURCES] = {0.5, 0.25, 1, 0.125, 0.5};
	const double sums[SY_N_RESOURCES] = {8496, 3504, 960, 1165920, 2331840};
	SyResources b;

	sy_device_budget(u280, NULL, &b);
	for (int r = 0; r < SY_N_RESOURCES; r++)
		g_assert_cmpfloat(b.v[r], ==, sums[r] * 0.7);
	sy_device_budget(u280, fractions, &b);
	g_assert_cmpfloat(b.v[SY_RESOURCE_DSP], ==, 4248);
	g_assert_cmpfloat(b.v[SY_RESOURCE_BRAM18K], ==, 876);
	g_assert_cmpfloat(b.v[SY_RESOURCE_URAM], ==, 960);
	g_assert_cmpfloat(b.v[SY_RESOURCE_LUT], ==, 145740);
	g_assert_cmpfloat(b.v[SY_RESOURCE_FF], ==, 1165920);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/fit/over-dsp", test_over_dsp);
	g_test_add_func("/fit/three-slrs", test_three_slrs);
	g_test_add_func("/fit/u280", test_u280);
	g_test_add_func("/fit/u280-three-slrs", test_u280_three_slrs);
	g_test_add_func("/fit/too-large", test_too_large);
	g_test_add_func("/fit/budget", test_budget);
	return g_test_run();
}
