/* AutoSA strings (--sa-sizes) against the examples: the first line
 * names an example ("mm", "conv", ...), the second is the string, as in
 * systole-cli compile data/examples/NAME.c --sa-sizes STR.  When the
 * sizes are valid the PE array is built (fuzz-sizes goes on to the I/O
 * network: here it would cost ten times the rest). */
#include <string.h>

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
	g_autofree char *text = fuzz_text(data, size);
	char *nl = text ? strchr(text, '\n') : NULL;
	FuzzOptions o = {.no_design = TRUE};

	if (!nl)
		return 0;
	*nl = '\0';
	o.sa_sizes = nl + 1;
	fuzz_compile(fuzz_example(text), &o);
	return 0;
}
