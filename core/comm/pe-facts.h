/* The PE as plain data ("facts"): what the HLS backend prints the PE
 * from, and what the models read of it, computed once by the
 * communication stage where the modules' code is built (see
 * pe-facts-build.h) and kept in SyDesign.pe_facts; design.json keeps
 * them under "pe" / "facts" (pe-facts-json.h).
 *
 * Per statement: its accesses in the statement's order (the write, then
 * the reads as written), each with where it finds or puts its value (a
 * kernel argument, the FIFO from the previous PE or to the next one, the
 * PE's buffer, a FIFO of an interior path an element or a vector at a
 * time) and through which FIFO (its path and its stream's name); and
 * its computation as a template, text as the kernel wrote it with slots
 * for its reads and iterators, which a printer fills in its language.
 * For the PE: its buffers, its streams, the kernel's scalars it takes.
 *
 * For the models: a statement runs once per point of its leaf in the
 * PE's code (SyModule.code, where SyCode.stmt is its index here); its
 * operations are its template's (SyPeStmt.ops counts them); its FIFO
 * accesses per run are those of its accesses with a stream (SyPeAccess
 * .stream): one for STREAM, FIFO and LOCAL with fifo (where their
 * condition holds), one per `lanes` runs for a VECTOR or a STREAM read
 * with lanes > 1 (a word at lane 0), one a vector for `once`; a
 * STREAM read with forward writes the next PE's FIFO as often.
 *
 * Requests: the leaf of statement s in the PE's code has s's n_iters
 * iterators, then its requests: the guard (where it computes: padding
 * computes nothing), the SIMD lane when the PE has lanes, then each
 * access's own from SyPeAccess.at on (its place in the buffer, a value
 * per dimension of its array, then its FIFO's condition, then
 * its drain's; a FIFO's or a
 * VECTOR's condition alone).  A condition is NULL where it always
 * holds. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "comm/design-kernel.h"

G_BEGIN_DECLS

/* The analysis' arrays (poly/scop.h), which the facts' builders and
 * readers work on; the printers read plain_array. */
typedef struct _SyArray SyArray;

G_END_DECLS

G_BEGIN_DECLS

/* Where a PE's access finds its value, or puts it. */
typedef enum {
	/* A scalar argument of the kernel (reads only). */
	SY_PE_VALUE_ARGUMENT,
	/* The PE-to-PE FIFO of an exterior path: a read takes from the
	 * previous PE (and, forward, gives the next PE the same), a write
	 * gives the next PE (or the drain). */
	SY_PE_VALUE_STREAM,
	/* An element of the PE's buffer; with fifo, the value also comes
	 * from (reads) or goes to (writes) a FIFO where its condition
	 * holds: from outside or for the drain (interior paths), from the
	 * previous PE or for the next (chains). */
	SY_PE_VALUE_LOCAL,
	/* A FIFO of an interior path, an element where its condition holds
	 * (0 elsewhere); a write: nothing is printed. */
	SY_PE_VALUE_FIFO,
	/* A FIFO of an interior path, a word of lanes read at lane 0 where
	 * its condition holds into the access's lane register, each lane
	 * its element of it (once: the word is one element for all). */
	SY_PE_VALUE_VECTOR,
} SyPeValue;

typedef struct {
	guint ref; /* the access's number in the SCoP ("R3": 3) */
	__isl_keep const SyArray *array;
	gboolean write;
	SyPeValue value;
	/* The FIFO it uses (STREAM, FIFO, VECTOR; LOCAL with fifo): its
	 * path (index in SyDesign.paths) and its stream's stem ("A":
	 * fifo_A_in, fifo_A_out); -1 and NULL for none. */
	int path;
	char *stream;
	gboolean fifo; /* LOCAL: also through that FIFO */
	int buffer; /* LOCAL: index in SyPeFacts.buffers, else -1 */
	/* Reads of an array that comes in through a path: that path's
	 * elements per FIFO word (1 for one at a time) and whether one
	 * element serves all the lanes of a vector; 1 and FALSE else.  A
	 * STREAM write with once passes a partial result on once a vector,
	 * after its last lane, the lanes chained through the register of
	 * the statement's passed read. */
	guint lanes;
	gboolean once;
	/* The register that keeps a word (or a value all lanes share) from
	 * lane 0 to the last, "sy_w_A_3", NULL for none: one per access, so
	 * that statements reading the same array have their own. */
	char *reg;
	gboolean forward; /* STREAM reads: passed on to the next PE */
	/* STREAM reads of values the previous PE made delay runs of the
	 * statement before: the PE takes the FIFO's value each run into a
	 * chain of delay registers, "sy_d_A_3" (stream and ref),
	 * and uses the one delay steps old, but in the first PE along its
	 * coordinate along (index in the PE's coordinates), whose I/O
	 * module feeds each value at the step that uses it; 0 for none
	 * (see comm/hls-delay.h). */
	guint delay;
	guint along;
	/* LOCAL reads (with fifo) of a table whose edges enter and leave
	 * each PE (comm/hls-chain.h): the value the FIFO brings is also
	 * kept in the buffer, where a read of it a step later finds it. */
	gboolean keep;
	/* LOCAL writes of such a table: every final value also leaves
	 * through the interior drain, its path (index in SyDesign.paths)
	 * and stream's stem ("D_drain"), where the condition after the
	 * FIFO's (after the place without a FIFO, see requests) holds; -1
	 * and NULL for none. */
	int drain;
	char *drain_stream;
	/* LOCAL writes of a temporary passed along two directions (lu.c's
	 * Up on [k, i]): the value also goes on along the second, its path
	 * (index in SyDesign.paths) and stream's stem ("Up_1"), where the
	 * condition after the FIFO's holds; -1 and NULL for none. */
	int also;
	char *also_stream;
	int at; /* its first request (see above), -1 for none */
	/* array as the kernel declares it, what the printer reads (one of
	 * SyDesign.arrays; the only one in a design read back) */
	__isl_keep const SyDesignArray *plain_array;
} SyPeAccess;

/* A piece of a statement's computation. */
typedef enum {
	SY_PE_PIECE_TEXT, /* text as the kernel wrote it: operators,
			     literals, casts, calls */
	SY_PE_PIECE_ACCESS, /* the value of the statement's access n (a
			       read: its temporary, or an argument's name) */
	SY_PE_PIECE_ITERATOR, /* the statement's iterator n, as the leaf
				 gives it, where the context binds at prec
				 (C's precedence: 0 anything, 16 an atom; a
				 looser expression is parenthesized) */
	SY_PE_PIECE_NAME, /* an identifier of the kernel, text: its name
			     in generated code */
} SyPePieceKind;

typedef struct {
	SyPePieceKind kind;
	char *text; /* TEXT, NAME */
	guint n; /* ACCESS, ITERATOR */
	int prec; /* ITERATOR */
} SyPePiece;

/* An operation a statement's computation performs, as often as it
 * does: binary ones by their C spelling ("*", "+", "<"; a compound
 * assignment's too), "unary -" (and the other unary ones), "?:",
 * casts as "(float)", calls as "sqrtf()". */
typedef struct {
	char *op;
	guint count;
} SyPeOp;

typedef struct {
	char *name; /* "S0" */
	guint n_iters;
	GPtrArray *accesses; /* SyPeAccess: the write, then the reads */
	/* The read whose value the write passes on where the statement does
	 * not run (C[i][j] in C[i][j] = C[i][j] + ..., written to the next
	 * PE), 0 for none: then 0 passes on. */
	guint passed;
	GPtrArray *value; /* SyPePiece: the value it writes (compound
			     assignments read their target first) */
	GPtrArray *ops; /* SyPeOp, outermost first */
	/* How many times it runs in the original (unpadded) problem: the
	 * integer points of its domain, counted in closed form
	 * (poly/count.h); -1 where that is not counted exactly (strides,
	 * non-unit bounds, the isl limit). */
	gint64 instances;
} SyPeStmt;

/* The PE's buffer of an array it keeps: its box, and the dimensions
 * (of the array) its SIMD lanes access at different elements, which
 * are partitioned cyclically, a bank per lane. */
typedef struct {
	__isl_keep const SyArray *array;
	guint n_dims;
	gint64 *size;
	guint n_partition;
	guint *partition; /* dimensions, ascending */
	__isl_keep const SyDesignArray *plain_array; /* array, as above */
} SyPeBuffer;

/* A stream of the PE: the FIFO a path comes in by or goes out by, of
 * words of lanes elements of its array. */
typedef struct {
	int path; /* index in SyDesign.paths */
	char *stem; /* "A": fifo_A_in, fifo_A_out */
	gboolean in;
	__isl_keep const SyArray *array;
	guint lanes;
	__isl_keep const SyDesignArray *plain_array; /* array, as above */
} SyPeStream;

typedef struct _SyPeFacts SyPeFacts;

struct _SyPeFacts {
	/* SIMD lanes of the PE's innermost loop (unrolled; its leaves'
	 * request 1 is the lane), 0 without a SIMD loop. */
	guint lanes;
	/* (The kernel's scalars it takes after its coordinates are the
	 * kernel's arguments: sy_design_kernel_arguments.) */
	GPtrArray *buffers; /* SyPeBuffer, in the SCoP's array order */
	GPtrArray *streams; /* SyPeStream: per path the PE uses, in, then
			       out */
	GPtrArray *stmts; /* SyPeStmt, in the SCoP's order */
	/* Why the PE's pipeline cannot start an iteration every cycle with
	 * its SIMD lanes (FIFOs used once per lane), or NULL. */
	char *lanes_warning;
};

/* Empty facts (lanes 0, no warning), and their parts (a statement's
 * instances -1: unknown). */
__isl_give SyPeFacts *sy_pe_facts_new(void);
void sy_pe_facts_free(__isl_take SyPeFacts *facts);
__isl_give SyPeStmt *sy_pe_stmt_new(__isl_keep const char *name, guint n_iters);
void sy_pe_stmt_free(__isl_take SyPeStmt *s);
__isl_give SyPeAccess *sy_pe_access_new(void);
__isl_give SyPePiece *sy_pe_piece_new(
	SyPePieceKind kind, __isl_keep const char *text, guint n, int prec);
__isl_give SyPeOp *sy_pe_op_new(__isl_keep const char *op, guint count);
/* A buffer and a stream of an array: the analysis' (NULL in a design
 * read back) and the design's. */
__isl_give SyPeBuffer *sy_pe_buffer_new(__isl_keep const SyArray *array,
	__isl_keep const SyDesignArray *plain, guint n_dims,
	__isl_keep const gint64 *size);
__isl_give SyPeStream *sy_pe_stream_new(int path, __isl_keep const char *stem,
	gboolean in, __isl_keep const SyArray *array,
	__isl_keep const SyDesignArray *plain, guint lanes);

/* Adds one use of op to ops (SyPeOp). */
void sy_pe_ops_add(__isl_keep GPtrArray *ops, __isl_keep const char *op);

/* The names of values, pieces and the reverse (-1 for none). */
__isl_keep const char *sy_pe_value_name(SyPeValue value);
int sy_pe_value_from_name(__isl_keep const char *name);
__isl_keep const char *sy_pe_piece_kind_name(SyPePieceKind kind);
int sy_pe_piece_kind_from_name(__isl_keep const char *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyPeFacts, sy_pe_facts_free)

/* A PE buffer as hls-pe.c declares it: *banks memories (one per SIMD
 * lane along each partitioned dimension, cyclic) of *depth words of
 * the buffer's element each (what the resource model counts). */
void sy_pe_buffer_banks(__isl_keep const SyPeFacts *facts,
	__isl_keep const SyPeBuffer *buf, gint64 *banks, gint64 *depth);

G_END_DECLS
