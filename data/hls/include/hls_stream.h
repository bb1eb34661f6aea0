// hls_stream.h: Systole's C-simulation model of the Vitis HLS hls::stream.
//
// Written for Systole from the documented behaviour of hls::stream in the
// Vitis HLS user guide (UG1399), so that an exported project's C simulation
// builds with any C++11 compiler and no Xilinx software.  It is not the
// Xilinx header.
//
// What it models, as documented for C simulation:
//   - a stream is an unbounded FIFO: write() never blocks and never fails,
//     full() is always false and capacity() is "infinite" (here SIZE_MAX);
//   - read() on an empty stream prints
//       WARNING: Hls::stream 'NAME' is read while empty, which may result
//       in RTL simulation hanging.
//     (on one line) and returns a value-initialized T();
//   - destroying a stream that still holds data prints
//       WARNING: Hls::stream 'NAME' contains leftover data, which may
//       result in RTL simulation hanging.
//   - read_nb() returns false and leaves its argument alone when the
//     stream is empty; write_nb() always succeeds.
//
// Choices of this model:
//   - a stream built without a name is called "hls::stream.N", where N
//     counts the unnamed streams of the process (of any element type) in
//     construction order, from 0;
//   - it is single-threaded, like the default C simulation of dataflow
//     regions, which runs the processes one after the other;
//   - the depth template parameter of recent releases
//     (hls::stream<T, DEPTH>) is not modelled: depths do not matter in C
//     simulation, and Systole sets them with pragmas.
//
// Systole addition, which real Vitis does not have: hls::sim::warnings()
// counts the two warnings above (empty reads and streams destroyed with
// leftover data) since the start of the process, so that tests and
// Systole's generated testbenches can check for them without parsing
// stderr.  The header is header-only: the counters are function-local
// statics of inline functions, one object per process however many
// translation units include this file.

#ifndef SYSTOLE_HLS_STREAM_H
#define SYSTOLE_HLS_STREAM_H

#include <cstddef>
#include <cstdio>
#include <deque>
#include <limits>
#include <string>

namespace hls {

namespace sim {

namespace detail {

inline unsigned long &warning_count()
{
	static unsigned long count = 0;
	return count;
}

inline std::string unnamed_stream()
{
	static unsigned long next = 0;
	return "hls::stream." + std::to_string(next++);
}

inline void warn(const std::string &name, const char *what)
{
	std::fprintf(stderr, "WARNING: Hls::stream '%s' %s, which may result "
		     "in RTL simulation hanging.\n", name.c_str(), what);
	warning_count()++;
}

} // namespace detail

// Systole addition (not in Vitis): the number of reads of an empty stream
// plus the number of streams destroyed while holding data, so far in this
// process.
inline unsigned long warnings()
{
	return detail::warning_count();
}

} // namespace sim

// A FIFO channel between processes, as seen in C simulation: unbounded,
// in order, never full; reading it empty is reported, not blocked on.
template <typename T>
class stream {
public:
	stream() : name_(sim::detail::unnamed_stream()), fifo_() {}
	explicit stream(const char *name)
		: name_(name ? std::string(name) : sim::detail::unnamed_stream()),
		  fifo_()
	{
	}
	~stream()
	{
		if (!fifo_.empty())
			sim::detail::warn(name_, "contains leftover data");
	}
	stream(const stream &) = delete;
	stream &operator=(const stream &) = delete;

	// Blocking read: in C simulation, an empty stream gives T() and a
	// warning.
	T read()
	{
		if (fifo_.empty()) {
			sim::detail::warn(name_, "is read while empty");
			return T();
		}
		T value = fifo_.front();
		fifo_.pop_front();
		return value;
	}
	void read(T &value) { value = read(); }
	void write(const T &value) { fifo_.push_back(value); }

	bool read_nb(T &value)
	{
		if (fifo_.empty())
			return false;
		value = fifo_.front();
		fifo_.pop_front();
		return true;
	}
	bool write_nb(const T &value)
	{
		write(value);
		return true;
	}

	bool empty() const { return fifo_.empty(); }
	bool full() const { return false; }
	std::size_t size() const { return fifo_.size(); }
	std::size_t capacity() const
	{
		return std::numeric_limits<std::size_t>::max();
	}

	/* void, as in Vitis: s << a << b does not compile there. */
	void operator>>(T &value) { read(value); }
	void operator<<(const T &value) { write(value); }

private:
	std::string name_;
	std::deque<T> fifo_;
};

} // namespace hls

#endif // SYSTOLE_HLS_STREAM_H
