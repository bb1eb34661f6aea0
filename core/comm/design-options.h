/* The I/O network's options (SyDesignOptions, what sy_design_new
 * builds with) and the command line's spelling of them: packing factors
 * per path and level ("A:L2=8,C_drain:L1=1"), the depth of every FIFO,
 * AutoSA's --data-pack-sizes.  Whether a factor fits its buffer is
 * sy_design_new's to say; these only read and write the text.  The
 * design's error domain is here, so that comm/design.h includes this
 * header and not the reverse. */
#pragma once

#include <glib.h>

#include "base/own.h"

G_BEGIN_DECLS

#define SY_DESIGN_ERROR (sy_design_error_quark())

typedef enum {
	SY_DESIGN_ERROR_INVALID,
} SyDesignError;

GQuark sy_design_error_quark(void);

/* AutoSA's --data-pack-sizes for one array: the widest words, in
 * bytes, of its innermost (L1 modules), intermediate (L2 modules) and
 * outermost (the DRAM port) I/O levels. */
typedef struct {
	guint bytes[3];
} SyPackCaps;

typedef struct {
	gboolean no_double_buffer;
	gboolean no_packing; /* one element per word, unless pack says */
	GHashTable *pack; /* "A:L2" -> elements per word, or NULL */
	guint fifo_depth; /* 0: 2 */
	/* --host-serialize: DRAM words of up to the outermost cap (512
	 * bits), each whole words of the L3 module's FIFO, as many as
	 * divide a tile's burst, which the L3 module splits (in) or joins
	 * (out). */
	gboolean host_serialize;
	/* --data-pack-sizes: array name -> SyPackCaps, and under
	 * SY_DESIGN_PACK_ALL the caps of every array not named (AutoSA's
	 * spelling of its default); an array under neither packs up to
	 * 512 bits at every level and its DRAM port moves its FIFO's words
	 * (unless --host-serialize). */
	GHashTable *pack_caps;
	/* --local-reduce --reduce-op=OP (sy_design_parse_reduce_op): "" for
	 * none; partial results carried PE to PE whose statements are
	 * that reduction fold the tiles of its loop on chip (SyIoPath). */
	char reduce_op[4];
	/* AutoSA's --hbm: every path through DRAM gets as many DRAM ports
	 * as hbm_ports says for its prefix ("A", "C_drain": AutoSA's
	 * hbm_<group>[n] keys), else hbm_port_num (0: AutoSA's default,
	 * 2), its L2 chain split into that many parts, each below its own
	 * L3 module (sy_design_new says which paths can). */
	gboolean hbm;
	guint hbm_port_num;
	GHashTable *hbm_ports; /* prefix -> ports, or NULL */
	/* AutoSA's --uram: the buffers of modules at a DRAM port (the L3
	 * module's that folds partial sums, --local-reduce) in UltraRAM. */
	gboolean uram;
	/* AutoSA's --int-io-dir: interior paths' L1 chains run along the
	 * first space loop (0) or the last (1). */
	guint int_io_dir;
} SyDesignOptions;

/* --data-pack-sizes' name for every array it does not name, as
 * AutoSA's help writes its default ("kernel[]->data_pack[8,32,64]"). */
#define SY_DESIGN_PACK_ALL "data_pack"

/* AutoSA's caps where --data-pack-sizes does not name an array, in
 * bytes at L1, L2 and DRAM: its source's (compute_io_group_data_pack,
 * 16, 64 and 64; its help text and older documentation say 8, 32 and
 * 64).  systole-cli autosa gives them to every array it is not told
 * about. */
#define SY_DESIGN_AUTOSA_PACK "16,64,64"

/* AutoSA's --hbm-port-num default. */
#define SY_DESIGN_HBM_PORTS 2
/* The most DRAM ports a path takes (the HBM of a U280 has 32
 * pseudo-channels). */
#define SY_DESIGN_MAX_HBM_PORTS 64

/* The deepest FIFO --fifo-depth accepts: 2^16 words, already a BRAM
 * cascade per FIFO at 512 bits. */
#define SY_DESIGN_MAX_FIFO_DEPTH 65536

/* "A:L2=8,B:L2=4" as "A:L2" -> 8, "B:L2" -> 4 (factors 1 to 512), or an
 * SY_DESIGN_ERROR saying what a factor looks like. */
__isl_give GHashTable *sy_design_parse_pack(
	__isl_keep const char *spec, GError **error);

/* AutoSA's --data-pack-sizes, "{kernel[]->A[8,32,64];kernel[]->B[...]}":
 * array name -> SyPackCaps (three byte counts from 1 to 64 each), or an
 * SY_DESIGN_ERROR saying what the option looks like.  Whether the
 * arrays are the kernel's is sy_design_new's to say. */
__isl_give GHashTable *sy_design_parse_pack_caps(
	__isl_keep const char *spec, GError **error);

/* --hbm-ports "A=2,C_drain=4" as "A" -> 2, "C_drain" -> 4 (1 to
 * SY_DESIGN_MAX_HBM_PORTS), or an SY_DESIGN_ERROR saying what it looks
 * like.  Whether the prefixes are the design's is sy_design_new's to
 * say. */
__isl_give GHashTable *sy_design_parse_hbm_ports(
	__isl_keep const char *spec, GError **error);

/* --hbm-port-num: a whole number from 1 to SY_DESIGN_MAX_HBM_PORTS, or
 * an SY_DESIGN_ERROR. */
gboolean sy_design_parse_hbm_port_num(
	__isl_keep const char *text, guint *ports, GError **error);

/* AutoSA's --reduce-op: the operators Systole folds partial results
 * with ("+"), copied into op (4 bytes), or an SY_DESIGN_ERROR naming
 * them. */
gboolean sy_design_parse_reduce_op(
	__isl_keep const char *text, char *op, GError **error);

/* The options as systole-cli's command line spells them, each with a
 * leading space ("" for the defaults), in a fixed order (tables by
 * key), shell-quoted: what the command that made a design repeats. */
__isl_give char *sy_design_options_flags(
	__isl_keep const SyDesignOptions *options);

/* AutoSA's warning where --host-serialize turns the L2 buffers of
 * --two-level-buffer off (the second tiling level stays), which the
 * command line and the explorer give; NULL where options (may be
 * NULL) keep them. */
__isl_keep const char *sy_design_options_l2_note(
	__isl_keep const SyDesignOptions *options);

/* *to becomes from with tables of its own (for a job that outlives
 * from's); sy_design_options_clear frees them. */
void sy_design_options_copy(
	__isl_keep SyDesignOptions *to, __isl_keep const SyDesignOptions *from);
void sy_design_options_clear(__isl_keep SyDesignOptions *options);

/* A whole number from 1 to SY_DESIGN_MAX_FIFO_DEPTH, or an
 * SY_DESIGN_ERROR. */
/* AutoSA's --int-io-dir: 0 or 1, else an SY_DESIGN_ERROR. */
gboolean sy_design_parse_int_io_dir(
	__isl_keep const char *text, guint *dir, GError **error);

gboolean sy_design_parse_fifo_depth(
	__isl_keep const char *text, guint *depth, GError **error);

G_END_DECLS
