/* The frontend on any text: preprocessing, parsing, the polyhedral
 * model, dependences and candidates (sy_analysis_new_from_data).  The
 * text sits in the examples folder, so that #include "kernel.h" finds
 * mm.c's header.  Every failure must be an error, never a crash, a
 * critical, a leak or a hang. */
#include "fuzz-common.h"

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
	g_autoptr(SyAnalysis)
		a = sy_analysis_new_from_data(SYSTOLE_EXAMPLES_DIR "/fuzz.c",
			(const char *)data, (gssize)size, NULL, &error);

	g_assert((a == NULL) == (error != NULL));
	return 0;
}
