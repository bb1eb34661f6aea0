/* Declarations of the part of XRT's native C++ API that Systole's
 * generated host uses, with XRT's signatures, for compiling the host
 * (g++ -fsyntax-only) where XRT is not installed.  Nothing here runs. */
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

enum xclBOSyncDirection {
	XCL_BO_SYNC_BO_TO_DEVICE = 0,
	XCL_BO_SYNC_BO_FROM_DEVICE,
};

namespace xrt {

class uuid {
public:
	uuid();
};

class device {
public:
	explicit device(unsigned int index);
	uuid load_xclbin(const std::string &xclbin_file_name);
};

using memory_group = uint32_t;

} // namespace xrt
