/* The I/O paths' facts (io-facts.h) computed from the model the
 * modules' code is built on, in its isl stage (sy_design_fill_code). */
#pragma once

#include "comm/hls-model.h"
#include "comm/io-facts.h"

G_BEGIN_DECLS

/* The facts of design, whose modules have their code (m: the model it
 * was built on); NULL where isl failed (the caller's stage says why). */
__isl_give SyIoFacts *sy_io_facts_new(
	__isl_keep const SyDesign *design, __isl_keep const SyHlsModel *m);

G_END_DECLS
