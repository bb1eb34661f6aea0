/* design.json read back into a design, without any analysis: what
 * sy_design_to_json writes (comm/design-json.h), and the "renamed" and
 * "estimate" an export adds (the estimate is checked to be an object
 * and not kept: an export computes it again from the design).  The design it gives owns plain data only: its grid,
 * arrays (SyDesignArray) and paths, the modules with their buffers,
 * loop trees, code and params, the FIFOs and the DRAM ports; its array
 * (the analysis' SyPeArray) and tiles are NULL.
 *
 * Reading refuses, with where and what was expected ("design/modules/
 * 3/kind: \"x\" is not pe, io, drain or dummy"), a missing or unknown
 * member, a wrong type, a number out of range, a name that names
 * nothing (an array, a path, a module) or two things, and anything
 * sy_design_to_json would not write back the same; it never gives a
 * partial design.
 *
 * Each part of the design that other stages add to design.json (the
 * kernel interface, the I/O paths' and the PE's facts, the
 * testbench's loops) is read by one reader, listed in design-load.c's
 * tables: a member of the top-level object (SyDesignMemberRead), or of
 * each module (SyModuleMemberRead).  A member in no table is refused. */
#pragma once

#include <json-glib/json-glib.h>

#include "comm/design.h"

G_BEGIN_DECLS

/* Reads value, a member of design.json, into design (which holds every
 * member listed before it in the table); on failure sets error
 * (SY_DESIGN_ERROR_INVALID) to where from the member's name on and what
 * is wrong, as sy_code_from_json does: "io/paths/1/lanes: ...".  The
 * facts' readers of the other parts (sy_io_facts_from_json, ...) fit
 * in one line each:
 *     return (design->io = sy_io_facts_from_json(value, design,
 *                  error)) != NULL; */
typedef gboolean (*SyDesignMemberRead)(__isl_keep SyDesign *design,
	__isl_keep JsonNode *value, GError **error);
/* The same for a member of a module (read after its other members). */
typedef gboolean (*SyModuleMemberRead)(__isl_keep SyDesign *design,
	__isl_keep SyModule *module, __isl_keep JsonNode *value,
	GError **error);

/* The design root (keep) describes; fails with SY_DESIGN_ERROR. */
__isl_give SyDesign *sy_design_from_json(
	__isl_keep JsonNode *root, GError **error);

/* The same from JSON text (len -1: NUL-terminated); parse errors are
 * JSON-GLib's (JSON_PARSER_ERROR). */
__isl_give SyDesign *sy_design_from_json_text(
	__isl_keep const char *text, gssize len, GError **error);

/* Whether the HLS backend can print design from what it holds; if not,
 * an error (SY_DESIGN_ERROR) naming what it lacks that the printers
 * still read. */
gboolean sy_design_check_printable(
	__isl_keep const SyDesign *design, GError **error);

/* The name design.json gives a path's role ("read", "drain",
 * "partial", "pass"), and back (FALSE for none). */
__isl_keep const char *sy_path_role_name(SyPathRole role);
gboolean sy_path_role_from_name(__isl_keep const char *name, SyPathRole *role);

/* Member "paths" of design.json (SyIoPath), each with its array's
 * name. */
void sy_design_paths_build_json(
	__isl_keep JsonBuilder *b, __isl_keep const GPtrArray *paths);

G_END_DECLS
