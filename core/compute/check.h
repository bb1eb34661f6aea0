/* A self-checking program: the input file with its SCoP replaced by the
 * original SCoP and then each transformed loop nest, every one run from
 * the same inputs, their results compared element by element (exactly
 * for integers, to a tight relative tolerance for floating point).  It
 * prints "Systole check: passed ..." or, per result that differs, the
 * first difference and the version, and exits with status 1.
 * Identifiers starting with sy_ are reserved for Systole. */
#pragma once

#include "base/own.h"
#include "compute/pe-array.h"

G_BEGIN_DECLS

#include "compute/codegen.h"
#include "poly/names.h"

/* The arrays (n >= 1) are of one analysis. */
__isl_give char *sy_check_file(
	__isl_keep SyPeArray *const *arrays, guint n, GError **error);

/* Appends version i of the SCoP, a block at indent (one level: unit),
 * to out; returns its label for messages. */
typedef __isl_give char *(*SyCheckVersionFunc)(__isl_keep GString *out, guint i,
	__isl_keep const char *indent, __isl_keep const char *unit,
	gpointer data);

/* Appends to out what replaces the SCoP's lines (t's begin to end): the
 * original SCoP, then n versions from the same inputs, compared.  The
 * arrays are called what names says (NULL: as the user named them).
 * With libc_declared, stdio.h and stdlib.h are known to be included
 * (else printf and exit are declared in the block, for C). */
void sy_check_block(__isl_keep const SyScop *scop,
	__isl_keep const SyNames *names, __isl_keep const SyScopText *t,
	guint n, SyCheckVersionFunc version, gpointer data,
	gboolean libc_declared, __isl_keep GString *out);

G_END_DECLS
