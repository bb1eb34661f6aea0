/* Device profiles: what an export targets (part, platform, clock,
 * memory banks) and what the models will count against (resources).
 * The profiles are JSON files in data/devices, built into the core and
 * read through sy_device_new_from_data. */
#pragma once

#include <glib.h>

#include "base/own.h"

G_BEGIN_DECLS

#define SY_DEVICE_ERROR (sy_device_error_quark())

typedef enum {
	SY_DEVICE_ERROR_UNKNOWN,
	SY_DEVICE_ERROR_INVALID, /* a profile that says something wrong */
} SyDeviceError;

GQuark sy_device_error_quark(void);

typedef struct {
	char *name; /* "u250" */
	char *description;
	char *part; /* "xcu250-figd2104-2L-e" */
	char *platform; /* the Vitis platform a Makefile links for */
	guint clock_mhz;
	char *memory; /* "DDR" or "HBM" */
	guint banks;
	gint64 lut, ff, dsp, bram36, uram;
} SyDevice;

/* A profile from its JSON text: every member checked (types, ranges,
 * characters that may land in generated files), unknown or missing
 * members refused.  name says where the text comes from, for messages
 * ("devices/u250.json"). */
__isl_give SyDevice *sy_device_new_from_data(__isl_keep const char *name,
	__isl_keep const char *data, gsize len, GError **error);

/* The built-in device of that name, or an error listing the known
 * ones. */
__isl_give SyDevice *sy_device_lookup(
	__isl_keep const char *name, GError **error);
void sy_device_free(__isl_take SyDevice *device);

/* The names of the built-in devices, sorted (NULL-terminated). */
__isl_give char **sy_device_names(void);

/* A file the core carries ("hls/include/ap_int.h"), or NULL. */
__isl_give GBytes *sy_core_data(__isl_keep const char *path);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyDevice, sy_device_free)

G_END_DECLS
