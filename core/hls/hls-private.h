/* Private to the Vitis HLS backend: hls-module.c holds what every
 * module's printer stands on, hls-io.c prints the I/O modules, hls-pe.c
 * the PE, hls-harness.c the testbench and the XRT host, hls.c the top
 * function and the header around them all.  Each file calls only those
 * before it in this order (hls-pe.c and hls-harness.c use hls-io.c's
 * geometry, neither the other), so that none depends on itself through
 * another. */
#pragma once

#include "base/checked.h"
#include "compute/ast-print.h"
#include "compute/codegen.h"
#include "comm/io-facts.h"
#include "comm/module-code.h"
#include "comm/tb-facts.h"
#include "comm/pe-facts.h"
#include "hls/hls.h"
#include "poly/names.h"

G_BEGIN_DECLS

typedef struct {
	const SyDesign *design;
	const SyDesignKernel *kernel; /* its interface: what hls.c and the
					 host print from */
	const SyHlsModel *m;
	const SyPeArray *array;
	const SyScop *scop;
	GString *out; /* the kernel */
	const char *itype;
	const SyNames *names; /* the user's identifiers in generated code */
	/* Values simplified on their statement's points, by their text
	 * (sy_module_code_simplified). */
	GHashTable *simplified;
} SyHlsGen;

void sy_hls_gen_init(
	SyHlsGen *hls, const SyDesign *design, const SyHlsModel *m);
void sy_hls_gen_clear(SyHlsGen *hls);

typedef struct _SyHlsModule SyHlsModule;

/* A statement instance of a module's code, as its printer reads it: the
 * statement's index (SyCode.stmt: in the PE's facts, SyPeFacts.stmts),
 * the statement itself for the I/O modules' printers (NULL in the PE),
 * its iterators as expressions of the loop iterators (the PE's; NULL
 * in I/O modules) and the requests' expressions, NULL for a condition
 * that always holds (all kept by the code). */
typedef struct {
	guint index;
	const SyStmt *stmt;
	SyCodeExpr *const *iters;
	guint n;
	SyCodeExpr *const *exprs;
} SyHlsCall;

/* A module's statements print through this. */
struct _SyHlsModule {
	SyHlsGen *hls;
	const SyHlsPath *path; /* NULL for the PE */
	void (*print)(SyAstPrinter *p, const SyHlsCall *call, SyHlsModule *mod);
};

void sy_hls_module_init(SyHlsModule *mod, SyHlsGen *hls, const SyHlsPath *path);
/* The code of the design's module on path at level (0: its dummy), or
 * the PE's for a NULL path (see sy_design_fill_code). */
__isl_keep const SyCode *sy_hls_module_code(__isl_keep const SyHlsGen *hls,
	__isl_keep const SyIoPath *path, guint level);
/* Prints the body of a module's loops at indent. */
void sy_hls_print_code(__isl_keep SyHlsModule *mod,
	__isl_keep const SyCode *code, const char *indent);

/* An array's element type, its bits (32 for unknown types), its tag
 * in helper names ("unsigned int" -> "unsigned_int") and a zero of it
 * (printed). */
const char *sy_hls_ctype(const SyArray *x);
guint sy_hls_bits(const SyArray *x);
char *sy_hls_tag(const char *type);
void sy_hls_print_zero(GString *out, const SyArray *x);

/* A word of lanes of a path's elements (the element for one lane), and
 * element lane of it (or of pack elements) as an expression. */
char *sy_hls_word_type(const SyHlsPath *hp, guint lanes);
void sy_hls_print_unpack(GString *out, const SyArray *x, const char *word,
	const char *lane, guint pack);

/* Words in a path's box. */
gint64 sy_hls_box_words(const SyHlsPath *hp);

/* The words the L3 module of hp moves through its DRAM port: its tiles,
 * times its units, times a box's words (the m_axi depth).  The checked
 * version records a count beyond 64 bits in ck (sy_design_complete,
 * comm/kernel-facts.h, refused a design with one; the kernel's ports
 * hold these words too, SyDesignPort.words). */
gint64 sy_hls_port_words(const SyHlsGen *hls, const SyHlsPath *hp);
gint64 sy_hls_port_words_checked(
	const SyHlsGen *hls, const SyHlsPath *hp, SyChecked *ck);

/* Geometry (the names of PE coordinates are comm/module-code.h's):
 * the space loop an exterior path moves along, its lines (exterior) or
 * PEs (interior), the PE coordinates of line or chain n with skip's
 * coordinate at at, and "[a][b]" of a FIFO array (shift: one more along
 * that dimension, -1 none). */
guint sy_hls_along(const SyIoPath *p);
gint64 sy_hls_units(const SyPeArray *array, const SyIoPath *p);
void sy_hls_unit_coords(
	const SyPeArray *array, guint skip, gint64 at, gint64 n, gint64 *coord);
char *sy_hls_fifo_index(const gint64 *coord, guint n, int shift);

/* The kernel's interface (hls-module.c): its scalar arguments, the
 * read-only scalars of the SCoP (a new array of the scop's arrays); the
 * DRAM port of a path; whether that port has the name of the path's
 * stem (then the path declares what the stem's paths share: its word
 * type, its PE FIFOs), as all do but results of an array that also
 * comes in under that stem. */
__isl_give GPtrArray *sy_hls_arguments(const SyScop *scop);
__isl_give char *sy_hls_port(const SyHlsModel *m, const SyHlsPath *hp);
gboolean sy_hls_port_is_stem(const SyHlsModel *m, const SyHlsPath *hp);

/* Printing: a line at the printer's indent, an expression where C's
 * precedence prec is needed (SY_AST_PREC_*; and as a string, atomic),
 * "if (cond) {" for a condition (nothing, FALSE, for NULL) and its end. */
void sy_hls_line(SyAstPrinter *p, const char *format, ...) G_GNUC_PRINTF(2, 3);
void sy_hls_print_e(SyAstPrinter *p, GString *out,
	__isl_keep const SyCodeExpr *e, int prec);
__isl_give char *sy_hls_expr_text(
	SyAstPrinter *p, __isl_keep const SyCodeExpr *e);
gboolean sy_hls_open_guard(SyAstPrinter *p, __isl_keep const SyCodeExpr *cond);
void sy_hls_close_guard(SyAstPrinter *p, gboolean open);

/* The I/O modules from the design's I/O facts (comm/io-facts.h): a
 * path's modules from its DRAM port to the PEs, its dummy (what leaves
 * the last PEs of an input's lines, or the far end of a temporary
 * passed PE to PE), the dummy at the head of a chain without a way in
 * (where the facts say it is headless). */
__isl_keep const SyIoFacts *sy_hls_io_facts(__isl_keep const SyHlsGen *hls);
void sy_hls_io_emit(SyHlsGen *hls, __isl_keep const SyIoPathFacts *f);
void sy_hls_io_emit_dummy(SyHlsGen *hls, __isl_keep const SyIoPathFacts *f);
void sy_hls_io_emit_head_dummy(
	SyHlsGen *hls, __isl_keep const SyIoPathFacts *f);

/* The modules, printed into hls->out; the PE's streams as parameters
 * (typed) or arguments. */
void sy_hls_emit_path(SyHlsGen *hls, const SyHlsPath *hp);
void sy_hls_emit_dummy(SyHlsGen *hls, const SyHlsPath *hp);
void sy_hls_emit_head_dummy(SyHlsGen *hls, const SyHlsPath *hp);

/* The parameters of systole_run_fpga (host.cpp): the ports' word
 * vectors, then the kernel's scalars. */
char *sy_hls_fpga_params(const SyDesignKernel *k);
void sy_hls_emit_pe(SyHlsGen *hls);
char *sy_hls_pe_streams(SyHlsGen *hls, gboolean typed);

/* Why the PE's pipeline cannot start an iteration every cycle with its
 * SIMD lanes (FIFOs used once per lane), or NULL when it can. */
char *sy_hls_pe_lanes_warning(SyHlsGen *hls);

char *sy_hls_emit_testbench(SyHlsGen *hls);
char *sy_hls_emit_host(const SyDesignKernel *k);

G_END_DECLS
