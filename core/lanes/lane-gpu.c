/* The lane program for GPUs (lane-emit.h): a work-item (OpenCL) or a
 * thread of a warp (CUDA) per lane, each with its own delay lines in
 * private registers; a move of dk lanes is an exchange through __local
 * memory between barriers (this platform's PoCL has no sub-group
 * shuffles) or a warp shuffle.  Every lane runs every step of the time
 * loops, so that barriers and shuffles are reached by all. */
#include "lanes/lane-emit.h"

typedef enum { OPENCL, CUDA } Dialect;

static char **lane_names(const SyLaneProgram *p)
{
	char **names = g_new0(char *, p->n_coords + 1);

	names[0] = g_strdup("sy_k");
	for (guint i = 1; i < p->n_coords; i++)
		names[i] = g_strdup_printf("sy_t%u", i - 1);
	return names;
}

/* The neighbour sign * (dk, dt) away is in the domain and the strip. */
static void print_neighbour(GString *out, const SyLaneProgram *p,
	const SyLaneRead *r, int sign, char **names)
{
	gint64 dk = sign * r->dk;

	g_string_append(out, "sy_in_domain(");
	sy_lanes_print_shifted(out, p, r, sign, names);
	g_string_append(out, ")");
	if (dk)
		g_string_append_printf(out,
			" && sy_l + %" G_GINT64_FORMAT
			" >= 0 && sy_l + %" G_GINT64_FORMAT " < %u",
			dk, dk, p->width);
}

/* v takes the value of lane sy_l - dk. */
static void print_move(GString *out, const SyLaneProgram *p, Dialect d,
	const char *v, gint64 dk, const char *ind)
{
	if (d == OPENCL) {
		g_string_append_printf(out,
			"%ssy_xch[sy_l] = %s;\n"
			"%sbarrier(CLK_LOCAL_MEM_FENCE);\n"
			"%s%s = sy_xch[(sy_l - %" G_GINT64_FORMAT ") & %u];\n"
			"%sbarrier(CLK_LOCAL_MEM_FENCE);\n",
			ind, v, ind, ind, v, dk, p->width - 1, ind);
	} else if (dk == 1 || dk == -1) {
		g_string_append_printf(out,
			"%s%s = __shfl_%s_sync(SY_WARP, %s, 1, %u);\n", ind, v,
			dk == 1 ? "up" : "down", v, p->width);
	} else {
		g_string_append_printf(out,
			"%s%s = __shfl_sync(SY_WARP, %s, (sy_l - "
			"%" G_GINT64_FORMAT ") & %u, %u);\n",
			ind, v, v, dk, p->width - 1, p->width);
	}
}

static void print_read(
	GString *out, const SyLaneProgram *p, Dialect d, guint i, char **names)
{
	const SyLaneRead *r = g_ptr_array_index(p->reads, i);
	const char *ind = "\t\t\t";
	GString *elem = g_string_new(NULL);
	g_autofree char *v = g_strdup_printf("v%u", i);

	sy_lanes_print_element(elem, p, r, TRUE, (const char *const *)names);
	g_string_append_printf(out, "%s/* %s: %s */\n", ind,
		r->access->array->name, r->movement);
	if (r->source != SY_LANE_DELAY) {
		g_string_append_printf(out,
			"%ssystole_elem %s = 0;\n%sif (sy_m)\n%s\t%s = %s;\n",
			ind, v, ind, ind, v, elem->str);
		g_string_free(elem, TRUE);
		return;
	}
	g_string_append_printf(out,
		"%ssystole_elem %s = sy_line%u[sy_tau %% %" G_GINT64_FORMAT
		"];\n",
		ind, v, i, r->delay);
	if (r->dk)
		print_move(out, p, d, v, r->dk, ind);
	g_string_append_printf(out, "%sif (sy_m && !(", ind);
	print_neighbour(out, p, r, -1, names);
	g_string_append_printf(out, "))\n%s\t%s = %s;\n", ind, v, elem->str);
	if (r != p->accumulator)
		g_string_append_printf(out,
			"%ssy_line%u[sy_tau %% %" G_GINT64_FORMAT "] = %s;\n",
			ind, i, r->delay, v);
	g_string_free(elem, TRUE);
}

static void print_write(GString *out, const SyLaneProgram *p, char **names)
{
	const char *ind = "\t\t\t";
	const SyLaneRead *acc = p->accumulator;
	GString *elem = g_string_new(NULL);

	sy_lanes_print_element(
		elem, p, p->write, TRUE, (const char *const *)names);
	if (acc) {
		guint i;

		g_ptr_array_find(p->reads, acc, &i);
		g_string_append_printf(out,
			"%ssy_line%u[sy_tau %% %" G_GINT64_FORMAT "] = sy_w;\n"
			"%sif (sy_m && !(",
			ind, i, acc->delay, ind);
		print_neighbour(out, p, acc, 1, names);
		g_string_append(out, "))\n");
	} else {
		g_string_append_printf(out, "%sif (sy_m)\n", ind);
	}
	g_string_append_printf(out, "%s\t%s = sy_w;\n", ind, elem->str);
	g_string_free(elem, TRUE);
}

static void print_kernel(GString *out, const SyLaneProgram *p, Dialect d)
{
	char **names = lane_names(p);
	const char *fn = d == OPENCL ? "" : "__device__ ";

	g_string_append_printf(out,
		"/* The lanes whose instance T^-1 (k, t) is in the domain. */\n"
		"%sstatic int sy_in_domain(int sy_k",
		fn);
	for (guint i = 1; i < p->n_coords; i++)
		g_string_append_printf(out, ", int %s", names[i]);
	g_string_append(out, ")\n{\n\treturn ");
	sy_lanes_print_domain(out, p, (const char *const *)names, NULL);
	g_string_append(out, ";\n}\n\n");
	if (d == OPENCL) {
		g_string_append(out, "__kernel void systole_lanes(");
		sy_lanes_print_params(out, p, TRUE, "__global ");
		g_string_append_printf(out,
			")\n{\n\t__local systole_elem sy_xch[%u];\n"
			"\tconst int sy_l = get_local_id(0);\n"
			"\tconst int sy_first = get_group_id(0) * %u;\n"
			"\tconst int sy_every = get_num_groups(0) * %u;\n",
			p->width, p->width, p->width);
	} else {
		g_string_append(out, "__global__ void sy_kernel(");
		sy_lanes_print_params(out, p, TRUE, "");
		g_string_append_printf(out,
			")\n{\n"
			"\tconst int sy_l = threadIdx.x;\n"
			"\tconst int sy_first = blockIdx.x * %u;\n"
			"\tconst int sy_every = gridDim.x * %u;\n",
			p->width, p->width);
	}
	sy_lanes_print_delay_lines(out, p, "systole_elem");
	g_string_append_printf(out,
		"\n\tfor (int sy_s0 = %" G_GINT64_FORMAT
		" + sy_first; sy_s0 <= "
		"%" G_GINT64_FORMAT "; sy_s0 += sy_every) {\n"
		"\t\tconst int sy_k = sy_s0 + sy_l;\n"
		"\t\tint sy_tau = -1;\n\n",
		p->kmin, p->kmax);
	sy_lanes_print_time_loops(out, p, (const char *const *)names, "\t\t");
	g_string_append(out,
		"\t\t{\n\t\t\tsy_tau++;\n"
		"\t\t\tconst int sy_m = sy_in_domain(sy_k");
	for (guint i = 1; i < p->n_coords; i++)
		g_string_append_printf(out, ", %s", names[i]);
	g_string_append(out, ");\n\n");
	for (guint i = 0; i < p->reads->len; i++)
		print_read(out, p, d, i, names);
	for (guint i = 0; i < p->stmt->n_iters; i++) {
		g_string_append_printf(out,
			"\t\t\tconst systole_elem it%u = (systole_elem)(", i);
		sy_lane_aff_print(out, &p->iters[i], p->n_coords,
			(const char *const *)names);
		g_string_append_printf(out, ");\n\t\t\t(void)it%u;\n", i);
	}
	g_string_append(out, "\t\t\tconst systole_elem sy_w = ");
	sy_lanes_print_value(out, p);
	g_string_append(out, ";\n\n");
	print_write(out, p, names);
	g_string_append(out, "\t\t}\n\t}\n}\n");
	g_strfreev(names);
}

static void print_notes(GString *out, const SyLaneProgram *p, const char *what)
{
	g_string_append_printf(out,
		"/* The lane program, generated by Systole: %s, %u lanes.\n",
		what, p->width);
	for (guint i = 0; i < p->notes->len; i++)
		g_string_append_printf(out, " *   %s\n",
			(const char *)g_ptr_array_index(p->notes, i));
	g_string_append(out, " */\n");
}

static gint64 groups(const SyLaneProgram *p)
{
	gint64 strips = (p->kmax - p->kmin) / p->width + 1;

	return sy_lanes_strips_independent(p) ? strips : 1;
}

char *sy_lanes_emit_opencl(const SyLaneProgram *p)
{
	GString *out = g_string_new(NULL);

	print_notes(out, p,
		"OpenCL C 1.2, a work-item per lane, moves through __local "
		"memory");
	g_string_append_printf(
		out, "typedef %s systole_elem;\n\n", p->elem_type);
	sy_lanes_print_prelude(out, TRUE);
	print_kernel(out, p, OPENCL);
	return g_string_free(out, FALSE);
}

char *sy_lanes_emit_cuda(const SyLaneProgram *p)
{
	GString *out = g_string_new(NULL);
	guint32 warp = p->width >= 32 ? 0xffffffffu : (1u << p->width) - 1;

	print_notes(out, p, "CUDA, a thread of a warp per lane, warp shuffles");
	g_string_append_printf(out,
		"#include <stdio.h>\n#include <stdlib.h>\n\n"
		"#include \"kernel.h\"\n\n"
		"#define SY_WARP 0x%08xu\n\n",
		warp);
	sy_lanes_print_prelude(out, TRUE);
	print_kernel(out, p, CUDA);
	g_string_append(out,
		"\nstatic void sy_check(cudaError_t e, const char *what)\n"
		"{\n\tif (e != cudaSuccess) {\n"
		"\t\tfprintf(stderr, \"%s: %s\\n\", what, "
		"cudaGetErrorString(e));\n\t\texit(2);\n\t}\n}\n\n"
		"extern \"C\" void systole_lanes(");
	sy_lanes_print_params(out, p, FALSE, "");
	g_string_append(out, ")\n{\n");
	for (guint i = 0; i < p->arrays->len; i++) {
		const SyArray *a = g_ptr_array_index(p->arrays, i);

		g_string_append_printf(out,
			"\tsystole_elem *sy_d%u;\n"
			"\tsy_check(cudaMalloc(&sy_d%u, sizeof(systole_elem) * "
			"SYSTOLE_SIZE_%u), \"cudaMalloc\");\n"
			"\tsy_check(cudaMemcpy(sy_d%u, %s, "
			"sizeof(systole_elem) "
			"* SYSTOLE_SIZE_%u, cudaMemcpyHostToDevice), "
			"\"cudaMemcpy\");\n",
			i, i, i, i, a->name, i);
	}
	g_string_append_printf(out,
		"\tsy_kernel<<<%" G_GINT64_FORMAT ", %u>>>(", groups(p),
		p->width);
	for (guint i = 0; i < p->arrays->len; i++)
		g_string_append_printf(out, "%ssy_d%u", i ? ", " : "", i);
	g_string_append(out,
		");\n\tsy_check(cudaDeviceSynchronize(), "
		"\"the kernel\");\n");
	for (guint i = 0; i < p->arrays->len; i++) {
		const SyArray *a = g_ptr_array_index(p->arrays, i);

		if (a == p->write->access->array)
			g_string_append_printf(out,
				"\tsy_check(cudaMemcpy(%s, sy_d%u, "
				"sizeof(systole_elem) * SYSTOLE_SIZE_%u, "
				"cudaMemcpyDeviceToHost), \"cudaMemcpy\");\n",
				a->name, i, i);
		g_string_append_printf(out, "\tcudaFree(sy_d%u);\n", i);
	}
	g_string_append(out, "}\n");
	return g_string_free(out, FALSE);
}

/* host.c for OpenCL: systole_lanes builds kernel.cl on the first
 * device of the first platform (once) and runs it. */
char *sy_lanes_emit_opencl_host(const SyLaneProgram *p)
{
	GString *out = g_string_new(NULL);

	g_string_append(out,
		"/* The OpenCL host, generated by Systole: systole_lanes runs "
		"kernel.cl\n * (SYSTOLE_CL names another file) on the first "
		"device of the first\n * platform, built on the first call. "
		"*/\n"
		"#define CL_TARGET_OPENCL_VERSION 120\n#include <CL/cl.h>\n"
		"#include <stdio.h>\n#include <stdlib.h>\n\n"
		"#include \"kernel.h\"\n\n"
		"static void sy_check(cl_int e, const char *what)\n{\n"
		"\tif (e != CL_SUCCESS) {\n"
		"\t\tfprintf(stderr, \"%s: OpenCL error %d\\n\", what, "
		"(int)e);\n\t\texit(2);\n\t}\n}\n\n"
		"static char *sy_source(size_t *len)\n{\n"
		"\tconst char *path = getenv(\"SYSTOLE_CL\") ? "
		"getenv(\"SYSTOLE_CL\") : \"kernel.cl\";\n"
		"\tFILE *f = fopen(path, \"rb\");\n\tchar *text;\n\n"
		"\tif (!f) {\n\t\tperror(path);\n\t\texit(2);\n\t}\n"
		"\tfseek(f, 0, SEEK_END);\n\t*len = (size_t)ftell(f);\n"
		"\trewind(f);\n\ttext = malloc(*len + 1);\n"
		"\tif (!text || fread(text, 1, *len, f) != *len) {\n"
		"\t\tperror(path);\n\t\texit(2);\n\t}\n"
		"\tfclose(f);\n\treturn text;\n}\n\n"
		"static cl_context sy_context;\nstatic cl_command_queue "
		"sy_queue;\nstatic cl_kernel sy_kernel;\n\n"
		"static void sy_setup(void)\n{\n"
		"\tcl_platform_id platform;\n\tcl_device_id device;\n"
		"\tcl_program program;\n\tsize_t len;\n"
		"\tchar *text = sy_source(&len);\n\tcl_int e;\n\n"
		"\tsy_check(clGetPlatformIDs(1, &platform, NULL), "
		"\"clGetPlatformIDs\");\n"
		"\tsy_check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, "
		"&device, NULL), \"clGetDeviceIDs\");\n"
		"\tsy_context = clCreateContext(NULL, 1, &device, NULL, NULL, "
		"&e);\n\tsy_check(e, \"clCreateContext\");\n"
		"\tsy_queue = clCreateCommandQueue(sy_context, device, 0, "
		"&e);\n"
		"\tsy_check(e, \"clCreateCommandQueue\");\n"
		"\tprogram = clCreateProgramWithSource(sy_context, 1, (const "
		"char **)&text, &len, &e);\n"
		"\tsy_check(e, \"clCreateProgramWithSource\");\n"
		"\tif (clBuildProgram(program, 1, &device, \"-cl-std=CL1.2\", "
		"NULL, NULL) != CL_SUCCESS) {\n"
		"\t\tchar log[65536];\n\n"
		"\t\tclGetProgramBuildInfo(program, device, "
		"CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);\n"
		"\t\tfprintf(stderr, \"kernel.cl: %s\\n\", log);\n"
		"\t\texit(2);\n\t}\n"
		"\tsy_kernel = clCreateKernel(program, \"systole_lanes\", "
		"&e);\n"
		"\tsy_check(e, \"clCreateKernel\");\n\tfree(text);\n}\n\n"
		"void systole_lanes(");
	sy_lanes_print_params(out, p, FALSE, "");
	g_string_append_printf(out,
		")\n{\n\tsize_t local = %u, global = %" G_GINT64_FORMAT
		";\n\tcl_mem sy_b[%u];\n\tcl_int e;\n\n"
		"\tif (!sy_kernel)\n\t\tsy_setup();\n",
		p->width, groups(p) * p->width, p->arrays->len);
	for (guint i = 0; i < p->arrays->len; i++) {
		const SyArray *a = g_ptr_array_index(p->arrays, i);

		g_string_append_printf(out,
			"\tsy_b[%u] = clCreateBuffer(sy_context, "
			"CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, "
			"sizeof(systole_elem) * SYSTOLE_SIZE_%u, (void *)%s, "
			"&e);\n\tsy_check(e, \"clCreateBuffer\");\n"
			"\tsy_check(clSetKernelArg(sy_kernel, %u, "
			"sizeof(cl_mem), "
			"&sy_b[%u]), \"clSetKernelArg\");\n",
			i, i, a->name, i, i);
	}
	g_string_append(out,
		"\tsy_check(clEnqueueNDRangeKernel(sy_queue, sy_kernel, 1, "
		"NULL, &global, &local, 0, NULL, NULL), "
		"\"clEnqueueNDRangeKernel\");\n");
	for (guint i = 0; i < p->arrays->len; i++) {
		const SyArray *a = g_ptr_array_index(p->arrays, i);

		if (a == p->write->access->array)
			g_string_append_printf(out,
				"\tsy_check(clEnqueueReadBuffer(sy_queue, "
				"sy_b[%u], CL_TRUE, 0, sizeof(systole_elem) * "
				"SYSTOLE_SIZE_%u, (void *)%s, 0, NULL, NULL), "
				"\"clEnqueueReadBuffer\");\n",
				i, i, a->name);
	}
	g_string_append_printf(out,
		"\tfor (int i = 0; i < %u; i++)\n"
		"\t\tclReleaseMemObject(sy_b[i]);\n}\n",
		p->arrays->len);
	return g_string_free(out, FALSE);
}
