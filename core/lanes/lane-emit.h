/* A lane program printed: as C with GCC's vector extensions (one
 * vector of W lanes, lane-simd.c), as OpenCL C 1.2 (a work-item per
 * lane, exchanging through __local memory) or as CUDA (a thread of a
 * warp per lane, __shfl_*_sync) (lane-gpu.c); and what the three share
 * (lane-print.c): the statement's value, element references, the
 * domain test, and the original nest as the reference. */
#pragma once

#include "base/own.h"
#include "lanes/lane-program.h"

G_BEGIN_DECLS

/* lanes.c: void systole_lanes(arrays), the arrays as declared. */
__isl_give char *sy_lanes_emit_simd(__isl_keep const SyLaneProgram *p);
/* kernel.cl: __kernel void systole_lanes(__global E *arrays...). */
__isl_give char *sy_lanes_emit_opencl(__isl_keep const SyLaneProgram *p);
/* lanes.cu: the __global__ kernel and extern "C" systole_lanes, which
 * moves the arrays to the GPU and back around it. */
__isl_give char *sy_lanes_emit_cuda(__isl_keep const SyLaneProgram *p);
/* host.c for kernel.cl: systole_lanes builds it (once) on the first
 * OpenCL device and runs it on the arrays. */
__isl_give char *sy_lanes_emit_opencl_host(__isl_keep const SyLaneProgram *p);
/* Whether the strips of W lanes are independent (no result moves
 * across lanes), so that GPU work-groups may run them in parallel. */
gboolean sy_lanes_strips_independent(__isl_keep const SyLaneProgram *p);

/* reference.c: void systole_reference(arrays), the statement in the
 * loops of the kernel's schedule (isl's AST of it). */
__isl_give char *sy_lanes_emit_reference(__isl_keep const SyLaneProgram *p);
/* kernel.h: the element type, the arrays' sizes, the prototypes. */
__isl_give char *sy_lanes_emit_header(
	__isl_keep const SyLaneProgram *p, __isl_keep const char *target);
/* main.c: random inputs (seeded), the reference and the lane program
 * on copies, the written arrays compared (exactly for integers, within
 * SY_LANES_FLOAT_TOLERANCE relative for floating point), PASS or
 * FAIL; "bench [R]" times R runs of each. */
__isl_give char *sy_lanes_emit_main(__isl_keep const SyLaneProgram *p);

#define SY_LANES_FLOAT_TOLERANCE "1e-5"

/* Shared by the emitters. */
/* The coordinates (named by names) shifted by sign (dk, dt) of r:
 * "sy_k - 1, sy_t0 - 1". */
void sy_lanes_print_shifted(__isl_keep GString *out,
	__isl_keep const SyLaneProgram *p, __isl_keep const SyLaneRead *r,
	int sign, __isl_keep char **names);
/* The declarations of the delay lines (one array of elem a read
 * that comes from a delay line), one a line. */
void sy_lanes_print_delay_lines(__isl_keep GString *out,
	__isl_keep const SyLaneProgram *p, __isl_keep const char *elem);
/* The array parameters "E y[64], E h[16]" (flat: "__global E *y"
 * with prefix "__global "). */
void sy_lanes_print_params(__isl_keep GString *out,
	__isl_keep const SyLaneProgram *p, gboolean flat,
	__isl_keep const char *prefix);
/* The element r reads or writes, its coordinates named by names. */
void sy_lanes_print_element(__isl_keep GString *out,
	__isl_keep const SyLaneProgram *p, __isl_keep const SyLaneRead *r,
	gboolean flat, __isl_keep const char *const *names);
/* The value the statement writes, each read as "v<i>" (its index in
 * p->reads), each iterator as "it<i>". */
gboolean sy_lanes_print_value(
	__isl_keep GString *out, __isl_keep const SyLaneProgram *p);
/* The domain test over names: scalar C, "(a >= 0 && ...) || (...)",
 * or with zero (the name of a zero mask vector) a mask vector,
 * "((zero + a >= 0) & ...) | (...)". */
void sy_lanes_print_domain(__isl_keep GString *out,
	__isl_keep const SyLaneProgram *p, __isl_keep const char *const *names,
	__isl_keep const char *zero);
/* The time loops of a strip over names (the first one's range
 * narrowed to the strip's, clamped to the box), each line indented by
 * ind; prelude: the helpers isl's expressions call, for the file's
 * head. */
void sy_lanes_print_time_loops(__isl_keep GString *out,
	__isl_keep const SyLaneProgram *p, __isl_keep const char *const *names,
	__isl_keep const char *ind);
void sy_lanes_print_prelude(__isl_keep GString *out, gboolean opencl);
/* Whether the value can be printed (arithmetic only). */
gboolean sy_lanes_value_ok(__isl_keep const SyLaneProgram *p, GError **error);

G_END_DECLS
