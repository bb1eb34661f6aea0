/* Ownership in every public signature, in isl's words, for isl objects
 * and Systole's own alike:
 *
 * __isl_give  on a result: the caller owns it and frees it
 *             (sy_design_free, isl_set_free, g_free, ...);
 * __isl_take  on a parameter: the callee owns the argument from then on,
 *             the caller must not use it after the call;
 * __isl_keep  on a parameter: borrowed for the call; on a result or a
 *             struct member: owned by its container, valid while the
 *             container lives.
 *
 * Free functions return nothing and take their argument, as GLib's do.
 * Every pointer passed in says its word, C strings and arrays of numbers
 * too; out-parameters (GError **, values returned through pointers) and
 * user data stay bare.  A pointer member of a struct is owned unless
 * marked __isl_keep.
 *
 * GObject code (app/, widgets/) keeps GLib's own conventions. */
#pragma once

#include <isl/ctx.h>
