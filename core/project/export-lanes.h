/* The software systolic targets of export (issue 16): a project folder
 * holding a lane program (lanes/lane-program.h) as C with vector types
 * (c-simd), OpenCL C (opencl) or CUDA (cuda), the original nest as the
 * reference, a main that runs both on the same seeded inputs and
 * prints PASS or FAIL, a Makefile (make run) and a README.  Written as
 * the Vitis HLS projects are (sy_export_write). */
#pragma once

#include "lanes/lane-program.h"
#include "project/export.h"

G_BEGIN_DECLS

typedef enum {
	SY_LANES_TARGET_SIMD,
	SY_LANES_TARGET_OPENCL,
	SY_LANES_TARGET_CUDA,
} SyLanesTarget;

/* "c-simd", "opencl", "cuda"; FALSE for another name (the HLS one,
 * "hls", is not a lane target). */
gboolean sy_lanes_target_parse(
	__isl_keep const char *text, SyLanesTarget *target);
__isl_keep const char *sy_lanes_target_name(SyLanesTarget target);
/* The default width: 8 lanes for c-simd and opencl, a warp (32) for
 * cuda. */
guint sy_lanes_target_width(SyLanesTarget target);

/* The project's files for p; command (the command line that made it,
 * for the README) is escaped there.  Fails where the statement cannot
 * be printed for the lanes (sy_lanes_value_ok) or the width does not
 * suit the target. */
gboolean sy_export_lanes_files(__isl_keep const SyLaneProgram *p,
	SyLanesTarget target, __isl_keep const char *command,
	SyExportFiles *files, GError **error);

G_END_DECLS
