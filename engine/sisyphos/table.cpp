#include "engine/sisyphos/table.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace boardroom::engine::sisyphos {

namespace {

constexpr std::array<char, 8> magic{'B', 'R', 'S', 'I', 'S', 'Y', 'T', 'B'};
constexpr std::uint32_t format_version = 1;
constexpr std::size_t header_size = 64;

template <class T>
void put(std::array<std::uint8_t, header_size>& h, std::size_t at, T value) {
  for (std::size_t i = 0; i < sizeof(T); ++i)
    h[at + i] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(value) >> (8 * i));
}

template <class T>
T get(const std::uint8_t* h, std::size_t at) {
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i)
    value |= static_cast<std::uint64_t>(h[at + i]) << (8 * i);
  return static_cast<T>(value);
}

std::string system_error(const std::string& what, const std::string& path) {
  return what + " " + path + ": " + std::strerror(errno);
}

int longest_win(std::span<const std::uint8_t> sisyphos_half) {
  int longest = 0;
  for (std::uint8_t v : sisyphos_half) {
    if (v != no_win) longest = std::max<int>(longest, v);
  }
  return longest;
}

// The header's fields, checked against the file's size; the variant it describes.
result<sisyphos::variant> read_header(const std::uint8_t* h, std::uint64_t file_size,
                                      const std::string& path) {
  auto bad = [&](const std::string& why) {
    return fail("bad_table", path + " is not a usable Sisyphos table: " + why);
  };
  if (file_size < header_size || !std::equal(magic.begin(), magic.end(), h)) {
    return bad("it does not start with the table header");
  }
  if (get<std::uint32_t>(h, 8) != format_version) {
    return bad("format version " + std::to_string(get<std::uint32_t>(h, 8)) + ", expected " +
               std::to_string(format_version));
  }
  sisyphos::variant v{h[12] == 1 ? edition::perlhuhn2007 : edition::forum2007, h[13], h[14]};
  if (h[12] > 1 || v.sisyphos_stones < 1 || v.sisyphos_stones > 5 || v.spirit_stones < 1 ||
      v.spirit_stones > 3) {
    return bad("unknown edition or stone counts in the header");
  }
  auto nodes = get<std::uint64_t>(h, 16);
  if (nodes != indexer(v).size()) return bad("its node count does not match the indexing");
  if (file_size != header_size + nodes) {
    return bad("the file has " + std::to_string(file_size) + " bytes, the header promises " +
               std::to_string(header_size + nodes));
  }
  return v;
}

}  // namespace

result<std::shared_ptr<const table>> table::build(const sisyphos::variant& v, int threads,
                                                  const progress_fn& progress) {
  auto values = solve(v, threads, progress);
  if (!values) return std::unexpected(values.error());
  return from_values(v, std::move(*values));
}

std::shared_ptr<const table> table::from_values(const sisyphos::variant& v,
                                                std::vector<std::uint8_t> values) {
  auto owned = std::make_shared<const std::vector<std::uint8_t>>(std::move(values));
  const std::uint8_t* data = owned->data();
  auto t = std::shared_ptr<const table>(new table(v, std::move(owned), data));
  assert(t->values().size() == t->index_.size());
  return t;
}

result<std::shared_ptr<const table>> table::load(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return fail("bad_table", system_error("cannot open", path));
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    auto error = fail("bad_table", system_error("cannot stat", path));
    ::close(fd);
    return error;
  }
  auto size = static_cast<std::uint64_t>(st.st_size);
  void* mapped = size == 0 ? MAP_FAILED : ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  ::close(fd);  // the mapping keeps the file
  if (mapped == MAP_FAILED) {
    return fail("bad_table", size == 0 ? path + " is empty" : system_error("cannot map", path));
  }
  std::shared_ptr<const void> owner(
      mapped, [size](const void* p) { ::munmap(const_cast<void*>(p), size); });
  const auto* bytes = static_cast<const std::uint8_t*>(mapped);
  auto v = read_header(bytes, size, path);
  if (!v) return std::unexpected(v.error());
  const std::uint8_t* data = bytes + header_size;
  if (checksum_of({data, size - header_size}) != get<std::uint64_t>(bytes, 24)) {
    return fail("bad_table", path + " is corrupt: its checksum does not match");
  }
  return std::shared_ptr<const table>(new table(*v, std::move(owner), data));
}

result<void> table::save(const std::string& path) const {
  std::array<std::uint8_t, header_size> h{};
  std::copy(magic.begin(), magic.end(), h.begin());
  put(h, 8, format_version);
  h[12] = variant_.source == edition::perlhuhn2007 ? 1 : 0;
  h[13] = static_cast<std::uint8_t>(variant_.sisyphos_stones);
  h[14] = static_cast<std::uint8_t>(variant_.spirit_stones);
  put(h, 16, index_.size());
  put(h, 24, checksum_of(values()));
  put(h, 32, static_cast<std::uint32_t>(longest_win(values().first(index_.half_size()))));
  // Written next to the target and renamed: a reader never maps a half-written table.
  std::string temporary = path + ".partial";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(h.data()), h.size());
    out.write(reinterpret_cast<const char*>(data_), static_cast<std::streamsize>(index_.size()));
    out.close();
    if (!out) return fail("io_error", system_error("cannot write", temporary));
  }
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  if (ec)
    return fail("io_error", "cannot rename " + temporary + " to " + path + ": " + ec.message());
  return {};
}

std::uint64_t table::checksum_of(std::span<const std::uint8_t> bytes) {
  // Per 8-byte word an xor and a multiplication by an odd constant: both invertible, so any
  // change to a single word changes the result. Fast enough to run on every load.
  std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ bytes.size();
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + i, 8);
    if constexpr (std::endian::native == std::endian::big) word = std::byteswap(word);
    h = (h ^ word) * 0x100000001b3ULL;
  }
  for (; i < bytes.size(); ++i)
    h = (h ^ bytes[i]) * 0x100000001b3ULL;
  return h ^ (h >> 31);
}

}  // namespace boardroom::engine::sisyphos
