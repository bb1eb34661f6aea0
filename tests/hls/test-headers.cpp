// test-headers.cpp: Systole's simulation headers (data/hls/include) against
// exact values.  Prints "ok N" (N checks) and exits 0, or names the first
// failing check with its file and line and exits 1.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <unistd.h>

#include "ap_int.h"
#include "hls_stream.h"

static int checks;

#define CHECK(cond)                                                     \
	do {                                                            \
		if (!(cond)) {                                          \
			std::fprintf(stderr, "%s:%d: check failed: %s\n", \
				     __FILE__, __LINE__, #cond);        \
			std::exit(1);                                   \
		}                                                       \
		checks++;                                               \
	} while (0)

static std::uint32_t float_bits(float f)
{
	std::uint32_t b;
	std::memcpy(&b, &f, sizeof b);
	return b;
}

static float bits_float(std::uint32_t b)
{
	float f;
	std::memcpy(&f, &b, sizeof f);
	return f;
}

// Runs f with stderr going to a file and returns what it printed.
template <typename F>
static std::string capture_stderr(F f)
{
	std::fflush(stderr);
	std::FILE *tmp = std::tmpfile();
	CHECK(tmp != NULL);
	int saved = dup(2);
	CHECK(saved >= 0);
	CHECK(dup2(fileno(tmp), 2) == 2);
	f();
	std::fflush(stderr);
	CHECK(dup2(saved, 2) == 2);
	close(saved);
	std::string out;
	std::rewind(tmp);
	int c;
	while ((c = std::fgetc(tmp)) != EOF)
		out += static_cast<char>(c);
	std::fclose(tmp);
	return out;
}

struct Pair {
	int a;
	float b;
};

// First, while no other unnamed stream exists: the names and the exact
// warnings on stderr, and the counter.
static void test_stream_warnings()
{
	unsigned long before = hls::sim::warnings();
	int got = -1;
	std::string err = capture_stderr([&]() {
		hls::stream<int> first;
		hls::stream<float> second;
		hls::stream<int> named("fifo_A_PE_0_0");
		got = named.read();
		first.read();
		second.write(1.0f);
	});
	CHECK(got == 0);
	CHECK(err ==
	      "WARNING: Hls::stream 'fifo_A_PE_0_0' is read while empty, which may result in RTL simulation hanging.\n"
	      "WARNING: Hls::stream 'hls::stream.0' is read while empty, which may result in RTL simulation hanging.\n"
	      "WARNING: Hls::stream 'hls::stream.1' contains leftover data, which may result in RTL simulation hanging.\n");
	CHECK(hls::sim::warnings() == before + 3);

	// An emptied stream is destroyed silently; read_nb, empty(), size()
	// and the like warn about nothing.
	err = capture_stderr([&]() {
		hls::stream<int> s("quiet");
		int x = 7;
		CHECK(!s.read_nb(x));
		CHECK(x == 7);
		CHECK(s.empty());
		s.write(1);
		s.read();
	});
	CHECK(err == "");
	CHECK(hls::sim::warnings() == before + 3);

	// Each form of blocking read of an empty stream counts once, and
	// gives a value-initialized T; so does leftover data.
	err = capture_stderr([&]() {
		hls::stream<int> s("s");
		int x = 5;
		s.read(x);
		CHECK(x == 0);
		CHECK(hls::sim::warnings() == before + 4);
		x = 6;
		s >> x;
		CHECK(x == 0);
		CHECK(hls::sim::warnings() == before + 5);
		hls::stream<Pair> p("p");
		Pair v = p.read();
		CHECK(v.a == 0 && v.b == 0.0f);
		hls::stream<ap_uint<512> > w("w");
		CHECK(w.read() == ap_uint<512>(0));
		CHECK(hls::sim::warnings() == before + 7);
		{
			hls::stream<int> left("left");
			left.write(1);
			left.write(2);
		}
		CHECK(hls::sim::warnings() == before + 8);
	});
	CHECK(hls::sim::warnings() == before + 8);
	CHECK(err.find("WARNING: Hls::stream 'left' contains leftover data, "
		       "which may result in RTL simulation hanging.\n") !=
	      std::string::npos);
}

static void test_stream_fifo()
{
	hls::stream<int> s("s");
	CHECK(s.empty());
	CHECK(s.size() == 0);
	CHECK(!s.full());
	CHECK(s.capacity() == static_cast<std::size_t>(-1));
	for (int i = 1; i <= 5; i++)
		s.write(i * 10);
	CHECK(s.size() == 5);
	CHECK(!s.empty());
	CHECK(!s.full());
	CHECK(s.read() == 10);
	int x = 0;
	s.read(x);
	CHECK(x == 20);
	CHECK(s.read_nb(x));
	CHECK(x == 30);
	CHECK(s.size() == 2);
	CHECK(s.write_nb(60));
	s << 70;
	s << 80;
	CHECK(s.size() == 5);
	int a, b, c, d, e;
	s >> a;
	s >> b;
	s >> c;
	s >> d;
	s >> e;
	CHECK(a == 40 && b == 50 && c == 60 && d == 70 && e == 80);
	CHECK(s.empty());
	x = 99;
	CHECK(!s.read_nb(x));
	CHECK(x == 99);
	CHECK(s.size() == 0);

	// A million elements: unbounded, in order.
	for (int i = 0; i < 1000000; i++)
		s.write(i);
	CHECK(s.size() == 1000000);
	bool in_order = true;
	for (int i = 0; i < 1000000; i++)
		in_order = in_order && s.read() == i;
	CHECK(in_order);
	CHECK(s.empty());

	// Wide words go through whole.
	hls::stream<ap_uint<512> > w;
	ap_uint<512> v = 1;
	v <<= 511;
	v |= ap_uint<512>(0x1234);
	w.write(v);
	ap_uint<512> r;
	w >> r;
	CHECK(r == v);
	CHECK(r[511] && r.range(15, 0).to_uint() == 0x1234);
}

// Four floats packed into a 128-bit word by range assignment.
static void test_pack_floats()
{
	const float in[4] = {1.5f, -0.0f, bits_float(0x7fc12345u),
			     bits_float(0x00000001u)};
	ap_uint<128> w;
	for (int i = 0; i < 4; i++)
		w.range(32 * i + 31, 32 * i) = float_bits(in[i]);
	CHECK(w.range(63, 0).to_uint64() == 0x800000003fc00000ull);
	CHECK(w.range(127, 64).to_uint64() == 0x000000017fc12345ull);
	for (int i = 0; i < 4; i++) {
		ap_uint<32> lane = w.range(32 * i + 31, 32 * i);
		float out = bits_float(lane.to_uint());
		CHECK(std::memcmp(&out, &in[i], sizeof out) == 0);
		CHECK(w(32 * i + 31, 32 * i).to_uint() == float_bits(in[i]));
	}
	// The same through operator() and from ap_uint<32> lanes.
	ap_uint<128> v;
	for (int i = 0; i < 4; i++)
		v(32 * i + 31, 32 * i) = ap_uint<32>(float_bits(in[i]));
	CHECK(v == w);
	// A const word reads ranges as values.
	const ap_uint<128> c = w;
	CHECK(c.range(95, 64).to_uint() == 0x7fc12345u);
	CHECK(c(127, 96).to_uint() == 1u);
}

// A 512-bit word of 16 32-bit lanes.
static void test_512()
{
	std::uint32_t lanes[16];
	for (int i = 0; i < 16; i++)
		lanes[i] = 0x01010101u * static_cast<std::uint32_t>(i) ^ 0x80000000u;
	ap_uint<512> w, shifted;
	for (int i = 0; i < 16; i++)
		w.range(32 * i + 31, 32 * i) = ap_uint<32>(lanes[i]);
	for (int i = 15; i >= 0; i--)
		shifted = (shifted << 32) | ap_uint<512>(lanes[i]);
	CHECK(w == shifted);
	for (int i = 0; i < 16; i++) {
		CHECK(w.range(32 * i + 31, 32 * i).to_uint() == lanes[i]);
		CHECK((w >> (32 * i)).range(31, 0).to_uint() == lanes[i]);
		CHECK(ap_uint<32>(w >> (32 * i)).to_uint() == lanes[i]);
	}
	CHECK(w.range(511, 448).to_uint64() == 0x8f0f0f0f8e0e0e0eull);
	CHECK(w.range(79, 16).to_uint64() == 0x0202810101018000ull);
	CHECK(w.length() == 512 && w.range(511, 0).length() == 512);
	// Lane 7 replaced; the others are untouched.
	ap_uint<512> x = w;
	x.range(255, 224) = 0xdeadbeefu;
	for (int i = 0; i < 16; i++)
		CHECK(x.range(32 * i + 31, 32 * i).to_uint() ==
		      (i == 7 ? 0xdeadbeefu : lanes[i]));
	// Bits past the range's width are dropped.
	x.range(255, 224) = ap_uint<64>(0x123456789abcdef0ull);
	CHECK(x.range(255, 224).to_uint() == 0x9abcdef0u);
	CHECK(x.range(287, 256).to_uint() == lanes[8]);
}

// Carries and borrows across word boundaries, shifts and ranges that
// straddle them.
static void test_words()
{
	ap_uint<128> x = 0xfedcba9876543210ull;
	x.range(127, 64) = 0x0123456789abcdefull;
	CHECK(x.range(95, 32).to_uint64() == 0x89abcdeffedcba98ull);
	CHECK(x.range(64, 63).to_uint() == 3u);
	CHECK(x.range(127, 127).to_uint() == 0u && x.range(0, 0).to_uint() == 0u);
	x.range(95, 32) = 0x1122334455667788ull;
	CHECK(x.range(63, 0).to_uint64() == 0x5566778876543210ull);
	CHECK(x.range(127, 64).to_uint64() == 0x0123456711223344ull);

	ap_uint<128> one = 1;
	CHECK((one << 63).range(63, 0).to_uint64() == 0x8000000000000000ull);
	CHECK((one << 64).range(63, 0).to_uint64() == 0);
	CHECK((one << 64).range(127, 64).to_uint64() == 1);
	CHECK((one << 127)[127] && (one << 128) == ap_uint<128>(0));
	CHECK((one << 1000) == ap_uint<128>(0));
	CHECK(((one << 127) >> 127) == one);
	CHECK((one << -3) == ap_uint<128>(0) && ((one << 5) >> -2) == (one << 7));

	ap_uint<128> y = x << 36;
	CHECK(y.range(127, 64).to_uint64() == 0x1223344556677887ull);
	CHECK(y.range(63, 0).to_uint64() == 0x6543210000000000ull);
	y = x >> 36;
	CHECK(y.range(127, 64).to_uint64() == 0x0000000000123456ull);
	CHECK(y.range(63, 0).to_uint64() == 0x7112233445566778ull);
	y = x;
	y <<= 64;
	CHECK(y.range(127, 64).to_uint64() == 0x5566778876543210ull &&
	      y.range(63, 0).to_uint64() == 0);
	y >>= 100;
	CHECK(y.to_uint64() == 0x0000000005566778ull);

	ap_uint<128> all = ~ap_uint<128>(0);
	ap_uint<128> low = 0xffffffffffffffffull;
	CHECK((low + ap_uint<128>(1)) == (one << 64));
	CHECK((all + 1) == ap_uint<128>(0));
	CHECK((ap_uint<128>(0) - 1) == all);
	CHECK(((one << 64) - 1) == low);
	ap_uint<200> big = ap_uint<200>(1) << 130;
	big -= 1;
	CHECK(big.range(129, 0) == ap_uint<200>(~ap_uint<130>(0)));
	CHECK(big.range(199, 130).to_uint64() == 0);
	big += 1;
	CHECK(big == (ap_uint<200>(1) << 130));
	CHECK(-ap_uint<70>(1) == ~ap_uint<70>(0));
	CHECK(ap_uint<70>(5) - ap_uint<70>(7) == -ap_uint<70>(2));

	CHECK(ap_uint<128>(5) + 3 == ap_uint<128>(8));
	CHECK(10 - ap_uint<8>(3) == ap_uint<8>(7));
	CHECK(ap_uint<8>(250) + ap_uint<8>(10) == ap_uint<8>(4));
}

static void test_conversions()
{
	// To W bits as C converts to an unsigned type: truncation and sign
	// extension.
	CHECK(ap_uint<8>(0x1ff).to_uint() == 0xffu);
	CHECK(ap_uint<8>(-1).to_uint() == 255u);
	CHECK(ap_uint<1>(3).to_uint() == 1u && ap_uint<1>(2).to_uint() == 0u);
	CHECK(ap_uint<32>(-1).to_uint64() == 0xffffffffull);
	CHECK(ap_uint<64>(-2).to_uint64() == 0xfffffffffffffffeull);
	ap_uint<70> m = -1;
	CHECK(m.range(69, 64).to_uint() == 0x3fu && m.to_uint64() == ~0ull);
	ap_uint<70> u = 0xffffffffffffffffull;
	CHECK(u.range(69, 64).to_uint() == 0u);
	CHECK(ap_uint<70>(static_cast<signed char>(-2)).range(69, 0) ==
	      ap_uint<70>(-2LL));
	CHECK(ap_uint<16>(static_cast<unsigned char>(0xff)).to_uint() == 0xffu);
	CHECK(ap_uint<16>(static_cast<short>(-1)).to_uint() == 0xffffu);
	CHECK(ap_uint<16>(static_cast<unsigned short>(0xabcd)).to_int() == 0xabcd);
	CHECK(ap_uint<40>(-1L).to_uint64() == 0xffffffffffull);
	CHECK(ap_uint<40>(0x123456789abcul).to_uint64() == 0x3456789abcull);
	CHECK(ap_uint<4>(true).to_uint() == 1u && ap_uint<4>(false).to_uint() == 0u);
	CHECK(ap_uint<8>('A').to_uint() == 65u);

	CHECK(ap_int<8>(200).to_int() == -56);
	CHECK(ap_int<8>(127).to_int() == 127 && ap_int<8>(128).to_int() == -128);
	CHECK(ap_int<4>(8).to_int() == -8 && ap_int<4>(-9).to_int() == 7);
	CHECK(ap_int<1>(1).to_int() == -1 && ap_int<1>(2).to_int() == 0);
	CHECK(ap_int<8>(-1).to_uint64() == ~0ull);
	CHECK(ap_int<8>(-1).to_uint() == 0xffffffffu);
	CHECK(ap_int<8>(-1).to_ulong() == ~0ul);
	CHECK(ap_int<70>(-5).to_int64() == -5);
	CHECK(ap_int<70>(-5).range(69, 64).to_uint() == 0x3fu);
	CHECK(ap_int<70>(0xffffffffffffffffull).to_int64() == -1);
	CHECK(ap_int<70>(0xffffffffffffffffull).range(69, 64).to_uint() == 0u);
	CHECK(ap_int<64>(0x8000000000000000ull).to_int64() == INT64_MIN);

	// Between widths: the source's value, extended by its own sign, cut.
	ap_uint<100> ones = ap_int<8>(-1);
	CHECK(ones == ~ap_uint<100>(0));
	CHECK(ap_int<100>(ap_uint<8>(255)).to_int64() == 255);
	CHECK(ap_int<4>(ap_int<100>(-9)).to_int() == 7);
	CHECK(ap_int<100>(ap_int<4>(-3)).to_int64() == -3);
	CHECK(ap_int<100>(ap_int<4>(-3)).range(99, 64).to_uint64() ==
	      0xfffffffffull);
	CHECK(ap_uint<8>(ap_uint<100>(ones)).to_uint() == 0xffu);
	CHECK(ap_int<8>(ap_uint<8>(0x80)).to_int() == -128);
	ap_int<16> s = ap_int<16>(-2);
	ap_uint<32> t;
	t = s;
	CHECK(t.to_uint() == 0xfffffffeu);
	t = 7;
	CHECK(t.to_uint() == 7u);
	ap_uint<128> huge = ap_uint<128>(1) << 127;
	t = huge | ap_uint<128>(0x55);
	CHECK(t.to_uint() == 0x55u);
	// A range read as a signed value.
	ap_uint<64> packed = 0xfffffffe00000003ull;
	ap_int<32> hi = packed.range(63, 32);
	CHECK(hi.to_int() == -2);
	CHECK(ap_int<32>(packed(31, 0)).to_int() == 3);
}

static void test_signed()
{
	CHECK((ap_int<100>(-256) >> 4).to_int64() == -16);
	CHECK((ap_int<100>(-1) >> 99).to_int64() == -1);
	CHECK((ap_int<100>(-1) >> 200) == ap_int<100>(-1));
	CHECK((ap_int<100>(5) >> 200) == ap_int<100>(0));
	CHECK((ap_int<8>(-128) >> 7).to_int() == -1);
	CHECK((ap_int<8>(1) << 7).to_int() == -128);
	CHECK((ap_int<8>(-128) << 1).to_int() == 0);
	ap_int<128> n = -1;
	n <<= 64;
	CHECK(n.range(63, 0).to_uint64() == 0 && n.range(127, 64).to_uint64() == ~0ull);
	n >>= 32;
	CHECK(n.to_int64() == -4294967296LL);
	CHECK(n.range(127, 64).to_uint64() == ~0ull);
	CHECK((ap_uint<100>(ap_int<100>(-1)) >> 99) == ap_uint<100>(1));
	ap_int<70> w = ap_int<70>(1) << 69;
	CHECK(w < ap_int<70>(0));
	CHECK((w >> 68).to_int() == -2);

	CHECK(ap_int<8>(-56) < ap_int<8>(100));
	CHECK(ap_int<128>(-1) < 0 && ap_int<128>(0) > -1);
	CHECK(ap_int<128>(-2) < ap_int<128>(-1));
	CHECK(ap_int<128>(-1) <= -1 && ap_int<128>(-1) >= -1);
	CHECK(-ap_int<70>(5) == ap_int<70>(-5));
	CHECK(ap_int<70>(-3) + 5 == ap_int<70>(2));
	CHECK(ap_int<8>(127) + 1 == ap_int<8>(-128));
	CHECK(ap_int<8>(-128) - 1 == ap_int<8>(127));
	CHECK(ap_int<100>(-7) - ap_int<100>(-9) == ap_int<100>(2));
	CHECK((~ap_int<100>(0)).to_int64() == -1);
	CHECK((ap_int<70>(-1) & ap_int<70>(0x0f)).to_int() == 0x0f);
	CHECK((ap_int<70>(-16) | ap_int<70>(3)).to_int() == -13);
	CHECK((ap_int<70>(-1) ^ ap_int<70>(1)).to_int() == -2);
}

static void test_unsigned_ops()
{
	ap_uint<128> top = ap_uint<128>(1) << 127;
	CHECK(top > ap_uint<128>(1));
	CHECK(ap_uint<128>(1) < top && !(top < ap_uint<128>(1)));
	CHECK(ap_uint<8>(200) > ap_uint<8>(100));
	CHECK(ap_uint<8>(-1) > 0);
	CHECK(!(ap_uint<8>(5) < ap_uint<8>(5)) && ap_uint<8>(5) <= 5);
	CHECK(ap_uint<8>(5) != ap_uint<8>(6) && !(ap_uint<8>(5) != 5));
	CHECK((top >> 127) == ap_uint<128>(1));
	CHECK((top >> 64).range(63, 0).to_uint64() == 0x8000000000000000ull);

	ap_uint<70> a = 0x3c, b = 0x0f;
	a.range(69, 66) = 0xa;
	CHECK((a & b).to_uint() == 0x0cu);
	CHECK((a | b).range(69, 0) == ((ap_uint<70>(0xa) << 66) | 0x3f));
	CHECK((a ^ b).to_uint() == 0x33u && (a ^ b).range(69, 66).to_uint() == 0xau);
	CHECK((~ap_uint<70>(0)) == ap_uint<70>(-1));
	CHECK((~ap_uint<70>(0)).range(69, 64).to_uint() == 0x3fu);
	CHECK((~a).range(69, 66).to_uint() == 0x5u && (~a).to_uint() == 0xffffffc3u);
	a &= 0xf0;
	CHECK(a.to_uint64() == 0x30);
	a |= 0x1;
	a ^= 0x3;
	CHECK(a.to_uint64() == 0x32);
	a <<= 66;
	CHECK(a.to_uint64() == 0 && a.range(69, 66).to_uint() == 0x2u);
	a >>= 65;
	CHECK(a.to_uint64() == 0x4);
	a += 0xffffffffffffffffull;
	CHECK(a.to_uint64() == 3 && a[64]);
	a -= 4;
	CHECK(a.to_uint64() == ~0ull && !a[64]);
}

static void test_bits_and_ranges()
{
	ap_uint<128> x;
	x[100] = 1;
	CHECK(x[100] && !x[99] && !x[101]);
	CHECK(x == (ap_uint<128>(1) << 100));
	x[5] = true;
	x[64] = 1;
	CHECK(x.range(63, 0).to_uint64() == 0x20 && x.range(127, 64).to_uint64() == 0x1000000001ull);
	x[100] = false;
	x[5] = 0;
	CHECK(x == (ap_uint<128>(1) << 64));
	bool b = x[64];
	int i = x[64];
	CHECK(b && i == 1);
	x[0] = x[64];
	CHECK(x[0]);
	ap_uint<8> y = 0;
	y[7] = x[64];
	CHECK(y.to_uint() == 0x80u);
	const ap_uint<128> c = x;
	CHECK(c[64] && !c[63]);
	ap_int<8> s = 0;
	s[7] = 1;
	CHECK(s.to_int() == -128);
	s[7] = 0;
	s[6] = 1;
	CHECK(s.to_int() == 64);

	// Ranges of ap_int read the raw bits, unsigned.
	ap_int<16> neg = -2;
	CHECK(neg.range(15, 8).to_uint() == 0xffu && neg(7, 0).to_int() == 0xfe);
	CHECK(neg.range(15, 0).to_int() == 0xfffe);
	CHECK(neg.range(15, 0).length() == 16 && neg.length() == 16);
	neg.range(15, 8) = 0x7f;
	CHECK(neg.to_int() == 0x7ffe);

	// Assigned ranges: from ap_uint, ap_int (sign extended before the cut),
	// built-in integers, other ranges; other bits unchanged.
	ap_uint<32> w = 0x12345678u;
	w.range(15, 0) = ap_int<8>(-1);
	CHECK(w.to_uint() == 0x1234ffffu);
	w.range(15, 0) = ap_uint<8>(0x80);
	CHECK(w.to_uint() == 0x12340080u);
	w.range(31, 24) = -1;
	CHECK(w.to_uint() == 0xff340080u);
	w.range(7, 0) = 0x1234;
	CHECK(w.to_uint() == 0xff340034u);
	w.range(23, 16) = 0x5a5aull;
	CHECK(w.to_uint() == 0xff5a0034u);
	ap_uint<64> src = 0xaabbccddeeff0011ull;
	w.range(31, 16) = src.range(47, 32);
	CHECK(w.to_uint() == 0xccdd0034u);
	w.range(15, 8) = w.range(31, 24);
	CHECK(w.to_uint() == 0xccddcc34u);
	w(3, 0) = ap_uint<4>(0x9);
	CHECK(w.to_uint() == 0xccddcc39u);
	w.range(0, 0) = 0;
	w.range(31, 31) = 0;
	CHECK(w.to_uint() == 0x4cddcc38u);
	ap_uint<128> wide;
	wide.range(127, 0) = ap_int<32>(-2);
	CHECK(wide == ~ap_uint<128>(1));
	wide.range(70, 60) = 0;
	CHECK(wide.range(59, 0) == ap_uint<128>(0x0ffffffffffffffeull));
	CHECK(wide.range(70, 60).to_uint() == 0 && wide.range(127, 71) == ~ap_uint<128>(0) >> 71);
}

int main()
{
	test_stream_warnings();
	test_stream_fifo();
	test_pack_floats();
	test_512();
	test_words();
	test_conversions();
	test_signed();
	test_unsigned_ops();
	test_bits_and_ranges();
	std::printf("ok %d\n", checks);
	return 0;
}
