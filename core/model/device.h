/* Device profiles: what an export targets (part, platform, clock,
 * memory channels) and what the models count against (the whole
 * device's resources, and per SLR what the platform's shell leaves to
 * the user).  The built-in profiles are JSON files in data/devices,
 * built into the core; a user's own sit in
 * g_get_user_config_dir()/systole/devices (one of a built-in's name
 * replaces it), or anywhere, named by their file.  Every profile says
 * where each of its figures comes from ("sources"). */
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

/* What the platform's shell leaves to the user in one SLR (super logic
 * region, one die of the device). */
typedef struct {
	gint64 lut, ff, dsp, bram18k, uram;
} SyDeviceSlr;

typedef struct {
	char *name; /* "u250" */
	char *description;
	char *part; /* "xcu250-figd2104-2L-e" */
	char *platform; /* the Vitis platform a Makefile links for */
	guint clock_mhz;
	char *memory; /* "DDR" or "HBM" */
	guint banks; /* memory channels (DDR4 channels, HBM pseudo-channels) */
	guint channel_bits; /* the AXI port width of one channel */
	double channel_gbps; /* one channel's bandwidth, GB/s */
	/* The whole device (every die, shell included). */
	gint64 lut, ff, dsp, bram36, uram;
	guint n_slrs;
	SyDeviceSlr *slrs; /* n_slrs, SLR0 first */
} SyDevice;

/* A profile from its JSON text: every member checked (types, ranges,
 * characters that may land in generated files), unknown or missing
 * members refused.  name says where the text comes from, for messages
 * ("devices/u250.json"). */
__isl_give SyDevice *sy_device_new_from_data(__isl_keep const char *name,
	__isl_keep const char *data, gsize len, GError **error);

/* The device of that name: the user's profile of that name if there is
 * one, else the built-in one; or an error listing the known ones. */
__isl_give SyDevice *sy_device_lookup(
	__isl_keep const char *name, GError **error);

/* A device named (as sy_device_lookup) or a profile's file: a value
 * with a '/' or ending in ".json" is a file. */
__isl_give SyDevice *sy_device_load(
	__isl_keep const char *name_or_file, GError **error);
void sy_device_free(__isl_take SyDevice *device);

/* The names of the built-in devices, sorted (NULL-terminated). */
__isl_give char **sy_device_names(void);

/* The names of the built-in devices and of the user's profiles, sorted,
 * each once (NULL-terminated). */
__isl_give char **sy_device_list(void);

/* The folder of the user's profiles. */
__isl_give char *sy_device_user_dir(void);

/* A file the core carries ("hls/include/ap_int.h"), or NULL. */
__isl_give GBytes *sy_core_data(__isl_keep const char *path);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyDevice, sy_device_free)

G_END_DECLS
