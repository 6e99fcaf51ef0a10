// FIDE TRF-2016 reading and writing; the column layout is in trf.hpp.

#include "server/tournaments/trf.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <optional>
#include <unordered_map>

namespace boardroom::tournaments {

namespace trf_detail {

// Column numbers below are TRF16's: 1-based and inclusive.
constexpr int first_round_column = 92;  // opponent of round 1 at 92-95, colour 97, result 99
constexpr int round_width = 10;
constexpr int max_start_rank = 9999;  // four columns

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(' ');
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(' ') - first + 1);
}

std::string_view trim_right(std::string_view s) {
  const auto last = s.find_last_not_of(' ');
  return last == std::string_view::npos ? std::string_view{} : s.substr(0, last + 1);
}

// Columns [from, to] of a line; whatever part lies beyond its end reads as blank.
std::string_view columns(std::string_view line, int from, int to) {
  const auto begin = static_cast<std::size_t>(from - 1);
  if (begin >= line.size()) return {};
  return line.substr(begin, static_cast<std::size_t>(to - from + 1));
}

char column(std::string_view line, int at) {
  const auto index = static_cast<std::size_t>(at - 1);
  return index < line.size() ? line[index] : ' ';
}

// A whole unsigned decimal in [0, max]; a blank field is `blank_value`.
template <typename Int>
std::optional<Int> parse_number(std::string_view field, Int max, std::optional<Int> blank_value) {
  field = trim(field);
  if (field.empty()) return blank_value;
  if (!std::all_of(field.begin(), field.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  Int value{};
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (ec != std::errc{} || end != field.data() + field.size() || value > max) return std::nullopt;
  return value;
}

// Points as written in columns 81-84: "7", "7.5", "10.0". Tenths, so no rounding creeps in.
std::optional<int> parse_points(std::string_view field) {
  field = trim(field);
  if (field.empty()) return 0;
  const auto dot = field.find('.');
  const auto whole = parse_number<int>(field.substr(0, dot), 9999, std::nullopt);
  if (!whole) return std::nullopt;
  if (dot == std::string_view::npos) return *whole * 10;
  const auto fraction = field.substr(dot + 1);
  if (fraction.size() != 1 || fraction[0] < '0' || fraction[0] > '9') return std::nullopt;
  return *whole * 10 + (fraction[0] - '0');
}

std::optional<trf_colour> parse_colour(char c) {
  switch (c) {
    case 'w':
    case 'W':
      return trf_colour::white;
    case 'b':
    case 'B':
      return trf_colour::black;
    case '-':
    case ' ':
      return trf_colour::none;
    default:
      return std::nullopt;
  }
}

std::optional<trf_result> parse_result(char c) {
  switch (c) {
    case '1':
    case '=':
    case '0':
    case '+':
    case '-':
    case 'W':
    case 'D':
    case 'L':
    case 'H':
    case 'F':
    case 'U':
    case 'Z':
    case ' ':
      return static_cast<trf_result>(c);
    default:
      return std::nullopt;
  }
}

// TRF16 record codes are three digits; pairing programs add their own as "XX" and a letter.
bool known_record_shape(std::string_view code) {
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  if (std::all_of(code.begin(), code.end(), digit)) return true;
  return code[0] == 'X' && code[1] == 'X' && code[2] >= 'A' && code[2] <= 'Z';
}

std::string round_error(int round, std::string_view what) {
  return "round " + std::to_string(round) + ": " + std::string(what);
}

using line_result = std::expected<void, std::string>;

line_result parse_player(std::string_view line, trf_player& p) {
  const auto start_rank = parse_number<int>(columns(line, 5, 8), max_start_rank, std::nullopt);
  if (!start_rank || *start_rank == 0) return std::unexpected("bad starting rank (columns 5-8)");
  p.start_rank = *start_rank;
  p.sex = column(line, 10);
  p.title = trim(columns(line, 11, 13));
  p.name = trim(columns(line, 15, 47));
  const auto rating = parse_number<int>(columns(line, 49, 52), 9999, 0);
  if (!rating) return std::unexpected("bad rating (columns 49-52)");
  p.rating = *rating;
  p.federation = trim(columns(line, 54, 56));
  const auto fide_id =
      parse_number<std::int64_t>(columns(line, 58, 68), 99'999'999'999, std::int64_t{0});
  if (!fide_id) return std::unexpected("bad FIDE id (columns 58-68)");
  p.fide_id = *fide_id;
  p.birth_date = trim(columns(line, 70, 79));
  const auto points = parse_points(columns(line, 81, 84));
  if (!points) return std::unexpected("bad points (columns 81-84)");
  p.points_tenths = *points;
  const auto rank = parse_number<int>(columns(line, 86, 89), max_start_rank, 0);
  if (!rank) return std::unexpected("bad rank (columns 86-89)");
  p.rank = *rank;
  // The blank columns between fields: text there means a field overflowed or is misplaced.
  for (const int at : {4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91}) {
    if (column(line, at) != ' ') {
      return std::unexpected("text between fields (column " + std::to_string(at) + ")");
    }
  }

  for (int at = first_round_column; at <= static_cast<int>(line.size()); at += round_width) {
    const int round = static_cast<int>(p.rounds.size()) + 1;
    trf_round r;
    const auto opponent = parse_number<int>(columns(line, at, at + 3), max_start_rank, 0);
    if (!opponent) return std::unexpected(round_error(round, "bad opponent"));
    r.opponent = *opponent;
    const auto colour = parse_colour(column(line, at + 5));
    if (!colour) return std::unexpected(round_error(round, "bad colour"));
    r.colour = *colour;
    const auto result = parse_result(column(line, at + 7));
    if (!result) return std::unexpected(round_error(round, "bad result"));
    r.result = *result;
    // The separators must be blank: anything there means the columns are shifted.
    if (column(line, at + 4) != ' ' || column(line, at + 6) != ' ' || column(line, at + 8) != ' ' ||
        column(line, at + 9) != ' ') {
      return std::unexpected(round_error(round, "fields out of their columns"));
    }
    p.rounds.push_back(r);
  }
  return {};
}

// Splits on "\r\n", "\n" or a lone "\r".
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t begin = 0;
  while (begin < text.size()) {
    const auto end = text.find_first_of("\r\n", begin);
    if (end == std::string_view::npos) {
      lines.push_back(text.substr(begin));
      break;
    }
    lines.push_back(text.substr(begin, end - begin));
    begin = end + 1;
    if (text[end] == '\r' && begin < text.size() && text[begin] == '\n') ++begin;
  }
  return lines;
}

void put(std::string& line, int column_from, std::string_view value) {
  const auto at = static_cast<std::size_t>(column_from - 1);
  if (line.size() < at + value.size()) line.resize(at + value.size(), ' ');
  line.replace(at, value.size(), value);
}

// Right-aligned in the `width` columns ending at `column_to`.
void put_right(std::string& line, int column_to, int width, std::string_view value) {
  value = value.substr(0, static_cast<std::size_t>(width));
  put(line, column_to - static_cast<int>(value.size()) + 1, value);
}

}  // namespace trf_detail

const trf_player* trf_tournament::find(int start_rank) const {
  const auto it = std::find_if(players.begin(), players.end(),
                               [&](const trf_player& p) { return p.start_rank == start_rank; });
  return it == players.end() ? nullptr : &*it;
}

std::expected<trf_tournament, trf_error> read_trf(std::string_view text) {
  using namespace trf_detail;
  trf_tournament t;
  std::unordered_map<int, int> line_of_rank;  // start rank -> line, for duplicates and references
  std::vector<int> player_lines;
  bool have_name = false;
  bool have_rounds = false;
  const auto lines = split_lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const int number = static_cast<int>(i) + 1;
    const auto fail = [&](std::string message) {
      return std::unexpected(trf_error{number, std::move(message)});
    };
    const auto line = trim_right(lines[i]);
    if (line.empty()) continue;
    if (line.size() < 3) return fail("line too short for a record");
    if (std::any_of(line.begin(), line.end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; })) {
      return fail("control character in line");
    }
    const auto code = line.substr(0, 3);
    if (!known_record_shape(code) || column(line, 4) != ' ') return fail("not a TRF record");
    if (code == "012") {
      if (have_name) return fail("second 012 (tournament name) line");
      have_name = true;
      t.name = trim(line.substr(3));
    } else if (code == "XXR") {
      if (have_rounds) return fail("second XXR line");
      have_rounds = true;
      const auto rounds = parse_number<int>(line.substr(3), 999, std::nullopt);
      if (!rounds || *rounds == 0) return fail("bad number of rounds in XXR");
      t.total_rounds = *rounds;
    } else if (code == "001") {
      if (line.size() < 8) return fail("001 line too short for a starting rank");
      trf_player p;
      if (auto parsed = parse_player(line, p); !parsed) return fail(std::move(parsed.error()));
      if (!line_of_rank.emplace(p.start_rank, number).second) {
        return fail("starting rank " + std::to_string(p.start_rank) + " already on line " +
                    std::to_string(line_of_rank[p.start_rank]));
      }
      t.players.push_back(std::move(p));
      player_lines.push_back(number);
    } else {
      t.other_lines.emplace_back(line);
    }
  }
  // Opponents must be players of this file, and never the player.
  for (std::size_t i = 0; i < t.players.size(); ++i) {
    const auto& p = t.players[i];
    for (std::size_t r = 0; r < p.rounds.size(); ++r) {
      const int opponent = p.rounds[r].opponent;
      if (opponent == 0) continue;
      if (opponent == p.start_rank || !line_of_rank.contains(opponent)) {
        return std::unexpected(
            trf_error{player_lines[i],
                      round_error(static_cast<int>(r) + 1,
                                  "no opponent " + std::to_string(opponent) + " in the file")});
      }
    }
  }
  return t;
}

std::string write_trf_player(const trf_player& p) {
  using namespace trf_detail;
  std::string line = "001";
  put_right(line, 8, 4, std::to_string(p.start_rank));
  put(line, 10, std::string(1, p.sex));
  put(line, 11, std::string_view(p.title).substr(0, 3));
  put(line, 15, std::string_view(p.name).substr(0, 33));
  if (p.rating != 0) put_right(line, 52, 4, std::to_string(p.rating));
  put(line, 54, std::string_view(p.federation).substr(0, 3));
  if (p.fide_id != 0) put_right(line, 68, 11, std::to_string(p.fide_id));
  put(line, 70, std::string_view(p.birth_date).substr(0, 10));
  put_right(line, 84, 4,
            std::to_string(p.points_tenths / 10) + "." + std::to_string(p.points_tenths % 10));
  if (p.rank != 0) put_right(line, 89, 4, std::to_string(p.rank));
  int at = first_round_column;
  for (const auto& r : p.rounds) {
    // A missing opponent is written "0000", as TRF16 shows byes; others are right-aligned.
    put_right(line, at + 3, 4, r.opponent == 0 ? std::string("0000") : std::to_string(r.opponent));
    put(line, at + 5, std::string(1, static_cast<char>(r.colour)));
    put(line, at + 7, std::string(1, static_cast<char>(r.result)));
    at += round_width;
  }
  line.resize(trim_right(line).size());
  return line;
}

std::string write_trf(const trf_tournament& t) {
  std::string out;
  if (!t.name.empty()) out += "012 " + t.name + "\n";
  for (const auto& line : t.other_lines)
    out += line + "\n";
  for (const auto& p : t.players)
    out += write_trf_player(p) + "\n";
  if (t.total_rounds != 0) out += "XXR " + std::to_string(t.total_rounds) + "\n";
  return out;
}

int half_points(trf_result r) {
  switch (r) {
    case trf_result::win:
    case trf_result::forfeit_win:
    case trf_result::unrated_win:
    case trf_result::full_point_bye:
    case trf_result::pairing_allocated_bye:
      return 2;
    case trf_result::draw:
    case trf_result::unrated_draw:
    case trf_result::half_point_bye:
      return 1;
    default:
      return 0;
  }
}

bool played_over_the_board(const trf_round& r) {
  if (r.opponent == 0 || r.colour == trf_colour::none) return false;
  switch (r.result) {
    case trf_result::win:
    case trf_result::draw:
    case trf_result::loss:
    case trf_result::unrated_win:
    case trf_result::unrated_draw:
    case trf_result::unrated_loss:
      return true;
    default:
      return false;
  }
}

}  // namespace boardroom::tournaments
