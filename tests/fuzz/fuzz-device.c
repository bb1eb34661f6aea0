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
	return 0;
}
