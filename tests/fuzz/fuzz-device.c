/* Device profiles from their JSON text (sy_device_new_from_data): a
 * profile is read whole or refused with an error, and a profile read
 * holds only what may land in generated files. */
#include <string.h>

#include "fuzz-common.h"
#include "model/device.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_init();
	return 0;
}

/* The SLRs together leave no more than the device has. */
static void check_slrs(const SyDevice *d)
{
	gint64 lut = 0, ff = 0, dsp = 0, bram18k = 0, uram = 0;
	gint64 bram18k_total = d->bram36 > G_MAXINT64 / 2 ? G_MAXINT64
							  : 2 * d->bram36;

	for (guint k = 0; k < d->n_slrs; k++) {
		const SyDeviceSlr *s = &d->slrs[k];

		g_assert_true(s->lut >= 0 && s->ff >= 0 && s->dsp >= 0 &&
			s->bram18k >= 0 && s->uram >= 0);
		g_assert_true(s->lut <= d->lut - lut && s->ff <= d->ff - ff &&
			s->dsp <= d->dsp - dsp && s->uram <= d->uram - uram &&
			s->bram18k <= bram18k_total - bram18k);
		lut += s->lut;
		ff += s->ff;
		dsp += s->dsp;
		bram18k += s->bram18k;
		uram += s->uram;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(SyDevice) d = sy_device_new_from_data(
		"fuzz.json", (const char *)data, size, &error);

	g_assert((d == NULL) == (error != NULL));
	if (!d)
		return 0;
	g_assert_true(d->clock_mhz >= 1 && d->banks >= 1);
	g_assert_true(
		g_str_equal(d->memory, "DDR") || g_str_equal(d->memory, "HBM"));
	g_assert_null(strpbrk(d->description, "\n\r"));
	g_assert_null(strpbrk(d->part, " \n\"{}[];$\\"));
	g_assert_null(strpbrk(d->platform, " \n\"{}[];$\\"));
	g_assert_true(d->channel_bits >= 8 && d->channel_bits % 8 == 0);
	g_assert_true(d->channel_gbps > 0);
	g_assert_true(d->n_slrs >= 1);
	check_slrs(d);
	return 0;
}
