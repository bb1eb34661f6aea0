// ap_int.h: Systole's C-simulation model of the Vitis HLS arbitrary
// precision integers ap_uint<W> and ap_int<W>.
//
// Written for Systole from the behaviour documented in the Vitis HLS user
// guide (UG1399, "C++ Arbitrary Precision Integer Types"), so that an
// exported project's C simulation builds with any C++11 compiler and no
// Xilinx software.  It is not the Xilinx header, and it covers only what
// Systole's generated kernels use: packing and unpacking of wide words.
//
// Widths are limited as in Vitis: 1 <= W <= AP_INT_MAX_W, which is 1024
// unless defined (at most 4096) before this header is included; a wider
// type does not compile.  A value of W bits is kept in (W + 63) / 64
// little-endian 64-bit words, the bits above W always zero.  ap_int<W>
// reads that pattern as two's complement.
//
// Where this model differs from real Vitis:
//   - + and - return the type of their operands, wrapped modulo 2^W; Vitis
//     returns a wider type (W + 1 bits for +), which matters only if the
//     result is not stored back into a W-bit variable.  Both operands of a
//     binary operator must have the same type (a built-in integer converts
//     to it); mixing widths or signedness needs an explicit conversion,
//     where Vitis would pick a common type.
//   - There is no implicit conversion to built-in types (nor to bool); use
//     to_uint64(), to_int64(), to_uint(), to_int() or to_ulong().
//   - Not modelled: *, /, %, ++, --, !, concatenation, reductions, shifts
//     by an ap_[u]int amount, construction from floating point or strings,
//     printing and to_string().
//   - range(hi, lo) and (hi, lo) need 0 <= lo <= hi < W (asserted); the bit
//     reversal that Vitis performs for hi < lo is not modelled.
//   - A range assigned from a built-in integer, or from an ap_int narrower
//     than the range, is sign-extended if the source is negative (C
//     conversion to an unsigned type of the range's width).
//   - A bit assigned from an integer becomes 1 if the integer is nonzero.

#ifndef SYSTOLE_AP_INT_H
#define SYSTOLE_AP_INT_H

#include <cassert>
#include <cstdint>
#include <type_traits>

#ifndef AP_INT_MAX_W
#define AP_INT_MAX_W 1024
#endif
#if AP_INT_MAX_W < 1 || AP_INT_MAX_W > 4096
#error "AP_INT_MAX_W must be 1 to 4096"
#endif

template <int W> class ap_uint;
template <int W> class ap_int;
template <int W, bool S> class ap_int_base;
template <int W, bool S> class ap_range_ref;
template <int W, bool S> class ap_bit_ref;

namespace ap_detail {

typedef std::uint64_t word;

// Clears the bits of a[0..n) from bit len up.
inline void keep_low(word *a, int n, int len)
{
	for (int i = 0; i < n; i++) {
		int bits = len - 64 * i;
		if (bits <= 0)
			a[i] = 0;
		else if (bits < 64)
			a[i] &= (word(1) << bits) - 1;
	}
}

// a[0..n) <<= s (s >= 0), in place; bits shifted past word n - 1 are lost.
inline void shift_left(word *a, int n, int s)
{
	int q = s / 64, b = s % 64;
	for (int i = n - 1; i >= 0; i--) {
		word x = i - q >= 0 ? a[i - q] << b : 0;
		if (b != 0 && i - q - 1 >= 0)
			x |= a[i - q - 1] >> (64 - b);
		a[i] = x;
	}
}

// a[0..n) >>= s (s >= 0), in place; the words above a are all fill.
inline void shift_right(word *a, int n, int s, word fill)
{
	int q = s / 64, b = s % 64;
	for (int i = 0; i < n; i++) {
		word lo = i + q < n ? a[i + q] : fill;
		word hi = i + q + 1 < n ? a[i + q + 1] : fill;
		a[i] = b != 0 ? (lo >> b) | (hi << (64 - b)) : lo;
	}
}

} // namespace ap_detail

// What ap_uint<W> and ap_int<W> share: the words, bit and range access,
// conversions and operators.  Vitis has a base of the same name; this one
// is an implementation detail, not constructible on its own.
template <int W, bool S>
class ap_int_base {
	static_assert(W >= 1 && W <= AP_INT_MAX_W,
		"ap_[u]int width must be 1 to AP_INT_MAX_W (1024 unless "
		"defined, at most 4096, before ap_int.h is included)");

public:
	typedef typename std::conditional<S, ap_int<W>, ap_uint<W> >::type Self;

	int length() const { return W; }

	// The value, sign- or zero-extended, converted as C converts a 64-bit
	// integer to the result type.
	std::uint64_t to_uint64() const { return ext(0); }
	std::int64_t to_int64() const { return static_cast<std::int64_t>(ext(0)); }
	unsigned to_uint() const { return static_cast<unsigned>(ext(0)); }
	int to_int() const { return static_cast<int>(ext(0)); }
	unsigned long to_ulong() const
	{
		return static_cast<unsigned long>(ext(0));
	}

	// Bit i, readable as bool and assignable.
	ap_bit_ref<W, S> operator[](int i) { return ap_bit_ref<W, S>(this, i); }
	bool operator[](int i) const { return get_bit(i); }

	// Bits hi..lo, shifted down, readable as ap_uint<W> and assignable.
	ap_range_ref<W, S> range(int hi, int lo)
	{
		return ap_range_ref<W, S>(this, hi, lo);
	}
	ap_range_ref<W, S> operator()(int hi, int lo) { return range(hi, lo); }
	ap_uint<W> range(int hi, int lo) const { return get_range(hi, lo); }
	ap_uint<W> operator()(int hi, int lo) const { return get_range(hi, lo); }

	Self &operator+=(const Self &o)
	{
		word carry = 0;
		for (int i = 0; i < N; i++) {
			word sum = v_[i] + o.v_[i];
			word out = sum < v_[i];
			sum += carry;
			out |= sum < carry;
			v_[i] = sum;
			carry = out;
		}
		ap_detail::keep_low(v_, N, W);
		return self();
	}
	Self &operator-=(const Self &o)
	{
		word borrow = 0;
		for (int i = 0; i < N; i++) {
			word diff = v_[i] - o.v_[i];
			word out = v_[i] < o.v_[i];
			out |= diff < borrow;
			v_[i] = diff - borrow;
			borrow = out;
		}
		ap_detail::keep_low(v_, N, W);
		return self();
	}
	Self &operator&=(const Self &o)
	{
		for (int i = 0; i < N; i++)
			v_[i] &= o.v_[i];
		return self();
	}
	Self &operator|=(const Self &o)
	{
		for (int i = 0; i < N; i++)
			v_[i] |= o.v_[i];
		return self();
	}
	Self &operator^=(const Self &o)
	{
		for (int i = 0; i < N; i++)
			v_[i] ^= o.v_[i];
		return self();
	}
	// Shifts keep the width; a negative amount shifts the other way, as
	// documented for Vitis.  >> is arithmetic for ap_int.
	Self &operator<<=(int n)
	{
		if (n < 0)
			return *this >>= -n;
		if (n >= W)
			n = W;
		ap_detail::shift_left(v_, N, n);
		ap_detail::keep_low(v_, N, W);
		return self();
	}
	Self &operator>>=(int n)
	{
		if (n < 0)
			return *this <<= -n;
		word fill = negative() ? ~word(0) : 0;
		v_[N - 1] = ext(N - 1);
		ap_detail::shift_right(v_, N, n >= W ? W : n, fill);
		ap_detail::keep_low(v_, N, W);
		return self();
	}

	friend Self operator+(const Self &a, const Self &b) { return Self(a) += b; }
	friend Self operator-(const Self &a, const Self &b) { return Self(a) -= b; }
	friend Self operator&(const Self &a, const Self &b) { return Self(a) &= b; }
	friend Self operator|(const Self &a, const Self &b) { return Self(a) |= b; }
	friend Self operator^(const Self &a, const Self &b) { return Self(a) ^= b; }
	friend Self operator<<(const Self &a, int n) { return Self(a) <<= n; }
	friend Self operator>>(const Self &a, int n) { return Self(a) >>= n; }
	friend Self operator-(const Self &a) { return Self(0) -= a; }
	friend Self operator~(const Self &a)
	{
		Self r(a);
		for (int i = 0; i < N; i++)
			r.v_[i] = ~r.v_[i];
		ap_detail::keep_low(r.v_, N, W);
		return r;
	}

	friend bool operator==(const Self &a, const Self &b)
	{
		for (int i = 0; i < N; i++)
			if (a.v_[i] != b.v_[i])
				return false;
		return true;
	}
	friend bool operator!=(const Self &a, const Self &b) { return !(a == b); }
	// Unsigned order for ap_uint, two's complement order for ap_int.
	friend bool operator<(const Self &a, const Self &b)
	{
		if (a.negative() != b.negative())
			return a.negative();
		for (int i = N - 1; i >= 0; i--)
			if (a.v_[i] != b.v_[i])
				return a.v_[i] < b.v_[i];
		return false;
	}
	friend bool operator>(const Self &a, const Self &b) { return b < a; }
	friend bool operator<=(const Self &a, const Self &b) { return !(b < a); }
	friend bool operator>=(const Self &a, const Self &b) { return !(a < b); }

protected:
	typedef ap_detail::word word;
	enum { N = (W + 63) / 64 };

	ap_int_base()
	{
		for (int i = 0; i < N; i++)
			v_[i] = 0;
	}

	// C conversion of a built-in integer to W bits.
	template <typename T>
	void from_builtin(T x)
	{
		word low = static_cast<word>(x);
		word fill = std::is_signed<T>::value && (low >> 63) ? ~word(0) : 0;
		v_[0] = low;
		for (int i = 1; i < N; i++)
			v_[i] = fill;
		ap_detail::keep_low(v_, N, W);
	}

	// The same for another ap_[u]int: its value, extended, cut to W bits.
	template <int W2, bool S2>
	void from_ap(const ap_int_base<W2, S2> &x)
	{
		for (int i = 0; i < N; i++)
			v_[i] = x.ext(i);
		ap_detail::keep_low(v_, N, W);
	}

private:
	template <int, bool> friend class ap_int_base;
	friend class ap_range_ref<W, S>;
	friend class ap_bit_ref<W, S>;

	word v_[N];

	Self &self() { return static_cast<Self &>(*this); }

	bool negative() const { return S && get_bit(W - 1); }

	// Word i of the value extended to infinitely many bits.
	word ext(int i) const
	{
		word fill = negative() ? ~word(0) : 0;
		if (i >= N)
			return fill;
		if (i == N - 1 && W % 64 != 0)
			return v_[i] | (fill << (W % 64));
		return v_[i];
	}

	bool get_bit(int i) const
	{
		assert(i >= 0 && i < W);
		return (v_[i / 64] >> (i % 64)) & 1;
	}
	void set_bit(int i, bool b)
	{
		assert(i >= 0 && i < W);
		word m = word(1) << (i % 64);
		v_[i / 64] = b ? v_[i / 64] | m : v_[i / 64] & ~m;
	}

	ap_uint<W> get_range(int hi, int lo) const
	{
		assert(lo >= 0 && lo <= hi && hi < W);
		ap_uint<W> r;
		for (int i = 0; i < N; i++)
			r.v_[i] = v_[i];
		ap_detail::shift_right(r.v_, N, lo, 0);
		ap_detail::keep_low(r.v_, N, hi - lo + 1);
		return r;
	}
	void set_range(int hi, int lo, const ap_uint<W> &x)
	{
		assert(lo >= 0 && lo <= hi && hi < W);
		word val[N], mask[N];
		for (int i = 0; i < N; i++) {
			val[i] = x.v_[i];
			mask[i] = ~word(0);
		}
		ap_detail::keep_low(val, N, hi - lo + 1);
		ap_detail::keep_low(mask, N, hi - lo + 1);
		ap_detail::shift_left(val, N, lo);
		ap_detail::shift_left(mask, N, lo);
		for (int i = 0; i < N; i++)
			v_[i] = (v_[i] & ~mask[i]) | val[i];
	}
};

// Unsigned W-bit integer, arithmetic modulo 2^W (UG1399 ap_uint<N>).
template <int W>
class ap_uint : public ap_int_base<W, false> {
public:
	ap_uint() {}
	template <typename T>
	ap_uint(T x, typename std::enable_if<std::is_integral<T>::value>::type * = nullptr)
	{
		this->from_builtin(x);
	}
	template <int W2, bool S2>
	ap_uint(const ap_int_base<W2, S2> &x) { this->from_ap(x); }
	template <int W2, bool S2>
	ap_uint(const ap_range_ref<W2, S2> &r) { this->from_ap(r.get()); }
};

// Signed W-bit two's complement integer (UG1399 ap_int<N>); conversions
// into it wrap as into ap_uint<W>, then bit W-1 is the sign.
template <int W>
class ap_int : public ap_int_base<W, true> {
public:
	ap_int() {}
	template <typename T>
	ap_int(T x, typename std::enable_if<std::is_integral<T>::value>::type * = nullptr)
	{
		this->from_builtin(x);
	}
	template <int W2, bool S2>
	ap_int(const ap_int_base<W2, S2> &x) { this->from_ap(x); }
	template <int W2, bool S2>
	ap_int(const ap_range_ref<W2, S2> &r) { this->from_ap(r.get()); }
};

// x.range(hi, lo) or x(hi, lo) of a non-const x: reads as an ap_uint<W>
// holding bits hi..lo shifted down (UG1399 "Range Selection"); assigning
// it replaces those bits with the low bits of the value, leaving the
// others.
template <int W, bool S>
class ap_range_ref {
public:
	ap_range_ref(ap_int_base<W, S> *x, int hi, int lo)
		: x_(x), hi_(hi), lo_(lo)
	{
		assert(lo >= 0 && lo <= hi && hi < W);
	}
	ap_range_ref(const ap_range_ref &) = default;

	ap_range_ref &operator=(const ap_range_ref &r) { return *this = r.get(); }
	template <int W2, bool S2>
	ap_range_ref &operator=(const ap_int_base<W2, S2> &v)
	{
		x_->set_range(hi_, lo_, ap_uint<W>(v));
		return *this;
	}
	template <int W2, bool S2>
	ap_range_ref &operator=(const ap_range_ref<W2, S2> &r)
	{
		return *this = r.get();
	}
	template <typename T>
	typename std::enable_if<std::is_integral<T>::value, ap_range_ref &>::type
	operator=(T v)
	{
		return *this = ap_uint<W>(v);
	}

	ap_uint<W> get() const { return x_->get_range(hi_, lo_); }
	int length() const { return hi_ - lo_ + 1; }
	std::uint64_t to_uint64() const { return get().to_uint64(); }
	std::int64_t to_int64() const { return get().to_int64(); }
	unsigned to_uint() const { return get().to_uint(); }
	int to_int() const { return get().to_int(); }
	unsigned long to_ulong() const { return get().to_ulong(); }

private:
	ap_int_base<W, S> *x_;
	int hi_, lo_;
};

// x[i] of a non-const x: reads as bool, assignable from bool or an integer
// (UG1399 "Bit Selection").
template <int W, bool S>
class ap_bit_ref {
public:
	ap_bit_ref(ap_int_base<W, S> *x, int i) : x_(x), i_(i)
	{
		assert(i >= 0 && i < W);
	}
	ap_bit_ref(const ap_bit_ref &) = default;

	operator bool() const { return x_->get_bit(i_); }
	bool get() const { return x_->get_bit(i_); }
	ap_bit_ref &operator=(bool b)
	{
		x_->set_bit(i_, b);
		return *this;
	}
	ap_bit_ref &operator=(const ap_bit_ref &b) { return *this = b.get(); }

private:
	ap_int_base<W, S> *x_;
	int i_;
};

#endif // SYSTOLE_AP_INT_H
