/* See xrt_device.h. */
#pragma once

#include "xrt/xrt_device.h"

namespace xrt {

class bo {
public:
	bo(const device &device, size_t size, memory_group group);
	void write(const void *src);
	void read(void *dst);
	void sync(xclBOSyncDirection direction);
};

} // namespace xrt
