/* The size options of systole-cli compile and export on the matrix
 * multiply (mm.c, analysed once): each line is an option and its value,
 * "--tile i=16,j=8", "--tile-order k,i,j", "--latency i=4", "--simd
 * k=2", "--pack A:L2=8", "--fifo-depth 4", "--space i" (default i,j),
 * "--no-double-buffer", "--no-packing", "--host-serialize",
 * "--data-pack-sizes {kernel[]->A[8,32,64]}", "--hbm", "--hbm-port-num
 * 4", "--hbm-ports A=2,C_drain=4", "--uram", "--int-io-dir 1".  When
 * the sizes are valid the PE array and its I/O network are built. */
#include <string.h>

#include "fuzz-common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_init();
	return 0;
}

/* Points the option a line names at its value; FALSE for an unknown
 * option. */
static gboolean read_line(char *line, FuzzOptions *o)
{
	static const struct {
		const char *name;
		size_t offset;
	} options[] = {
		{"--space", G_STRUCT_OFFSET(FuzzOptions, space)},
		{"--tile", G_STRUCT_OFFSET(FuzzOptions, tile)},
		{"--tile-order", G_STRUCT_OFFSET(FuzzOptions, order)},
		{"--latency", G_STRUCT_OFFSET(FuzzOptions, latency)},
		{"--simd", G_STRUCT_OFFSET(FuzzOptions, simd)},
		{"--pack", G_STRUCT_OFFSET(FuzzOptions, pack)},
		{"--fifo-depth", G_STRUCT_OFFSET(FuzzOptions, fifo_depth)},
		{"--data-pack-sizes",
			G_STRUCT_OFFSET(FuzzOptions, data_pack_sizes)},
		{"--hbm-port-num", G_STRUCT_OFFSET(FuzzOptions, hbm_port_num)},
		{"--hbm-ports", G_STRUCT_OFFSET(FuzzOptions, hbm_ports)},
		{"--int-io-dir", G_STRUCT_OFFSET(FuzzOptions, int_io_dir)},
	};
	char *value = strchr(line, ' ');

	if (g_str_equal(line, "--no-double-buffer"))
		return o->no_double_buffer = TRUE;
	if (g_str_equal(line, "--no-packing"))
		return o->no_packing = TRUE;
	if (g_str_equal(line, "--host-serialize"))
		return o->host_serialize = TRUE;
	if (g_str_equal(line, "--hbm"))
		return o->hbm = TRUE;
	if (g_str_equal(line, "--uram"))
		return o->uram = TRUE;
	if (!value)
		return FALSE;
	*value++ = '\0';
	for (guint i = 0; i < G_N_ELEMENTS(options); i++)
		if (g_str_equal(line, options[i].name)) {
			G_STRUCT_MEMBER(const char *, o, options[i].offset) =
				value;
			return TRUE;
		}
	return FALSE;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	g_autofree char *text = fuzz_text(data, size);
	g_auto(GStrv) lines = NULL;
	FuzzOptions o = {.space = "i,j"};

	if (!text)
		return 0;
	lines = g_strsplit(text, "\n", -1);
	for (guint i = 0; lines[i]; i++)
		if (*lines[i] && !read_line(lines[i], &o))
			return 0;
	fuzz_compile(fuzz_example("mm"), &o);
	return 0;
}
