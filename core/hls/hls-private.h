/* Private to the Vitis HLS backend: hls-module.c holds what every
 * module's printer stands on, hls-io.c prints the I/O modules, hls-pe.c
 * the PE, hls-harness.c the testbench and the XRT host, hls.c the top
 * function and the header around them all.  Each file calls only those
 * before it in this order (hls-pe.c and hls-harness.c use hls-io.c's
 * geometry, neither the other), so that none depends on itself through
 * another.  They print the design alone: its kernel's interface and
 * facts (comm/design-kernel.h, io-facts.h, pe-facts.h, tb-facts.h) and
 * its modules' code, through the code printer (compute/ast-print.h). */
#pragma once

#include "compute/ast-print.h"
#include "comm/io-facts.h"
#include "comm/tb-facts.h"
#include "comm/pe-facts.h"
#include "hls/hls.h"

G_BEGIN_DECLS

typedef struct {
	const SyDesign *design;
	const SyDesignKernel *kernel; /* its interface: what hls.c and the
					 host print from */
	const SyIoFacts *io; /* its I/O paths' facts */
	GString *out; /* the kernel */
	const char *itype;
} SyHlsGen;

void sy_hls_gen_init(SyHlsGen *hls, __isl_keep const SyDesign *design);

/* The host's tiles of this launch (SyDesignKernel.n_launch), as the
 * first parameters of every module that loops over tiles (typed: "int
 * sy_l0, ") or its call's first arguments ("sy_l0, "); nothing for one
 * launch. */
void sy_hls_launch(
	GString *out, __isl_keep const SyDesignKernel *k, gboolean typed);

typedef struct _SyHlsModule SyHlsModule;

/* A statement instance of the PE's code, as its printer reads it: the
 * statement's index (SyCode.stmt: in the PE's facts, SyPeFacts.stmts),
 * its iterators as expressions of the loop iterators and the requests'
 * expressions, NULL for a condition that always holds (all kept by the
 * code). */
typedef struct {
	guint index;
	SyCodeExpr *const *iters;
	guint n;
	SyCodeExpr *const *exprs;
} SyHlsCall;

/* The PE's statements print through this. */
struct _SyHlsModule {
	SyHlsGen *hls;
	void (*print)(SyAstPrinter *p, const SyHlsCall *call, SyHlsModule *mod);
};

/* Prints the body of the PE's loops at indent. */
void sy_hls_print_code(__isl_keep SyHlsModule *mod,
	__isl_keep const SyCode *code, const char *indent);

/* An array's tag in helper names ("unsigned int" -> "unsigned_int"), a
 * zero of its type (printed), a word of lanes of its elements (the
 * element for one lane), and element lane of a word of pack elements
 * as an expression. */
char *sy_hls_tag(const char *type);
void sy_hls_print_zero(GString *out, __isl_keep const SyDesignArray *x);
__isl_give char *sy_hls_word(__isl_keep const SyDesignArray *x, guint lanes);
void sy_hls_print_unpack(GString *out, __isl_keep const SyDesignArray *x,
	const char *word, const char *lane, guint pack);

/* The pragma binding buffer var, words of width bits, depth of them
 * (of each bank where it is partitioned), to the memory the resource
 * model charges for it (sy_memory_kind, comm/storage.h: the
 * estimate describes the code, not Vivado's choice for an unbound
 * array); nothing for one word, which Vitis HLS makes registers.
 * ram_2p: a read port and a read-write one, the two accesses per cycle
 * the latency model allows a bank (model/latency-ii.c).  Where one
 * port only writes and the other only reads, Vivado builds block RAM
 * in simple dual-port mode (UG573), whose aspects resources-memory.h
 * counts. */
void sy_hls_bind_storage(GString *out, __isl_keep const char *var,
	guint width, gint64 depth);
/* The same in UltraRAM, whatever its size (--uram). */
void sy_hls_bind_uram(GString *out, __isl_keep const char *var);

/* "[a][b]" of a FIFO array at coord (n coordinates; shift: one more
 * along that dimension, -1 none). */
char *sy_hls_fifo_index(const gint64 *coord, guint n, int shift);

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
void sy_hls_io_emit(SyHlsGen *hls, __isl_keep const SyIoPathFacts *f);
void sy_hls_io_emit_dummy(SyHlsGen *hls, __isl_keep const SyIoPathFacts *f);
void sy_hls_io_emit_head_dummy(
	SyHlsGen *hls, __isl_keep const SyIoPathFacts *f);

/* The parameters of systole_run_fpga (host.cpp): the ports' word
 * vectors, then the kernel's scalars. */
char *sy_hls_fpga_params(const SyDesignKernel *k);

/* The PE and PE_wrapper, printed into hls->out. */
void sy_hls_emit_pe(SyHlsGen *hls);

char *sy_hls_emit_testbench(SyHlsGen *hls);
char *sy_hls_emit_host(const SyDesignKernel *k);

G_END_DECLS
