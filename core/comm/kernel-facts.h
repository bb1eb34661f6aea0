/* A design made ready for the HLS backend: the backend's rules checked
 * (sy_hls_model_new's, then the widths and counts the generated code
 * holds and whether a generated main can call the SCoP's function), the
 * modules' code built (sy_design_fill_code) and the kernel's interface
 * stored in design->kernel (design-kernel.h), so that printing it
 * cannot fail. */
#pragma once

#include "comm/design.h"
#include "comm/hls-model.h"
#include "poly/analysis.h"
#include "poly/names.h"

G_BEGIN_DECLS

/* names: what the project calls the user's identifiers and headers
 * (placed: the testbench's #include lines name their places); options
 * (may be NULL) are those the kernel was analysed with: their -D start
 * the testbench as they started the analysed file, and the command
 * that made the design names them.  Fails (SY_HLS_ERROR, SY_CHECKED_ERROR, an input error of the
 * SCoP's text) on what the backend does not support, saying why; the
 * caller checks isl (an isl stage around it).  design->kernel is set
 * before sy_design_fill_code runs (the facts it builds may point at its
 * arrays) and dropped again on failure; on success the design is all
 * the backend prints from. */
gboolean sy_design_complete(__isl_keep SyDesign *design,
	__isl_keep const SyNames *names,
	__isl_keep const SyAnalysisOptions *options, GError **error);

/* The same for the models alone (model/model.h, model/form.h): the
 * same checks and refusals, but without the testbench's loops
 * (design->tb stays NULL), so the design cannot be printed.  A search
 * over many designs (dse/search.h) builds them so. */
gboolean sy_design_complete_models(__isl_keep SyDesign *design,
	__isl_keep const SyNames *names,
	__isl_keep const SyAnalysisOptions *options, GError **error);

G_END_DECLS
