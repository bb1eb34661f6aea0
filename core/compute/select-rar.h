/* AutoSA's --select-rar-dep="{kernel[]->__pet_ref_N[K]}": read reference
 * N (pet's numbering) reuses its elements along the Kth loop its
 * subscripts leave free, outermost first, instead of the outermost
 * (AutoSA's default).  The reuse decides which way the read's data
 * travel between PEs: cnn's w[o][p][q][i] under the array [c] goes to
 * each PE on its own along r (the default), or from PE to PE along c
 * (K = 1). */
#pragma once

#include "base/own.h"
#include "poly/analysis.h"

G_BEGIN_DECLS

/* Applies spec to a's dependences and finds the dataflows again;
 * warning: what it left as it is (as AutoSA does, a reference without
 * a choice: AutoSA's shipped cnn kernel, whose initialisation is
 * commented out, has w as __pet_ref_3, so its docs' __pet_ref_4 names
 * nothing), NULL for nothing. */
gboolean sy_select_rar_dep(__isl_keep SyAnalysis *a,
	__isl_keep const char *spec, __isl_give char **warning, GError **error);

G_END_DECLS
