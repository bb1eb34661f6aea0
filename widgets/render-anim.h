/* A recorded simulation (sim/sim-timeline.h) as frames of an array
 * scene (render-array.h): which process is which PE and which I/O
 * family, found once by name, then each frame a query per process and
 * FIFO at its cycle (no replay). */
#pragma once

#include "render-array.h"
#include "render-picture.h"
#include "sim/sim-timeline.h"

G_BEGIN_DECLS

typedef struct _SyAnim SyAnim;

/* The animation of tl over scene (both kept: they must outlive it).
 * PEs are the processes named PE_<coordinates> (sim-design.h), I/O
 * families those whose family is a lane's (its boundary included). */
__isl_give SyAnim *sy_anim_new(__isl_keep const SyArrayScene *scene,
	__isl_keep const SySimTimeline *tl);
void sy_anim_free(__isl_take SyAnim *anim);

/* The run's cycles (a frame per cycle from 0 to it). */
gint64 sy_anim_cycles(__isl_keep const SyAnim *anim);

/* The frame at cycle t (give), for sy_array_scene_set_frame. */
__isl_give SyArrayFrame *sy_anim_frame(__isl_keep const SyAnim *anim, gint64 t);

/* An animated SVG of the run for slides: the page (an array or
 * network page of the animation's scene, drawn without a frame) with
 * each PE's box filled as its state goes, the accent colour computing,
 * the warning colour's hatching stalled, the page's own fill idle, at
 * cycles 0, step, 2 step, ... and the last, each shown `seconds`
 * (SMIL <animate>, discrete, looping), and a bar along the bottom for
 * the time.  Deterministic bytes (give), or NULL with error. */
__isl_give GBytes *sy_anim_svg(__isl_keep const SyAnim *anim,
	__isl_keep const SyPicturePage *page,
	__isl_keep const SyPictureOptions *options, gint64 step, double seconds,
	GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyAnim, sy_anim_free)

G_END_DECLS
