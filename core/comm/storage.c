/* Where the design keeps its memories (storage.h). */
#include "comm/storage.h"

SyMemoryKind sy_memory_kind(guint width, gint64 depth, gboolean uram)
{
	(void)width;
	if (uram)
		return SY_MEMORY_URAM;
	if (depth <= 1)
		return SY_MEMORY_REGISTERS;
	if (depth <= SY_LUTRAM_DEPTH)
		return SY_MEMORY_LUTRAM;
	return SY_MEMORY_BRAM;
}

const char *sy_memory_impl(SyMemoryKind kind)
{
	switch (kind) {
	case SY_MEMORY_LUTRAM: return "lutram";
	case SY_MEMORY_BRAM: return "bram";
	case SY_MEMORY_URAM: return "uram";
	case SY_MEMORY_REGISTERS: break;
	}
	return NULL;
}
