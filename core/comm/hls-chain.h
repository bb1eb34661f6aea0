/* Building SyHlsModel.chain, for sy_hls_model_new: the instances of
 * each access of an array kept and passed that use the PE-to-PE FIFO,
 * or a refusal that names the rule broken. */
#pragma once

#include "comm/hls-model.h"

G_BEGIN_DECLS

gboolean sy_hls_model_build_chains(SyHlsModel *model, GError **error);

/* Where a chained array meets the I/O modules of path p: the FIFO
 * instances of the first PE along p (in) or the last (out). */
isl_union_set *sy_hls_model_chain_ends(
	const SyHlsModel *model, const SyIoPath *p);

G_END_DECLS
