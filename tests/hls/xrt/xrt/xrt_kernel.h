/* See xrt_device.h. */
#pragma once

#include "xrt/xrt_bo.h"

enum ert_cmd_state {
	ERT_CMD_STATE_COMPLETED = 4,
};

namespace xrt {

class run {
public:
	ert_cmd_state wait();
};

class kernel {
public:
	kernel(const device &device, const uuid &xclbin_id,
		const std::string &name);
	int group_id(int argno) const;
	template <typename... Args> run operator()(Args &&...args);
};

} // namespace xrt
