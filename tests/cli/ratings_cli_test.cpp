// `boardroom ratings` as users run it: records written by hand in the shape GET
// /api/v1/records/ROOM serves, the real Arimaa archive in tests/data, usage errors and hostile
// files.

#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "server/ratings/weng_lin.hpp"
#include "server/storage/sqlite_store.hpp"
#include "tests/cli/cli_helpers.hpp"
#include "tests/support/test_server.hpp"

namespace boardroom::test {
// Named: the CLI tests are compiled together, and their anonymous namespaces would share names.
namespace ratings_cli {
namespace {

using nlohmann::json;

const std::string arimaa_archive = std::string(BOARDROOM_TEST_DATA) + "/arimaa/games-2026-02.tsv";

// A finished game's record as the server serves it, reduced to one line. Every field a record
// has is there, with the values a real game would give; the moves are left out, since ratings
// read only who played and how they finished.
std::string record_line(const std::string& room, const std::string& game,
                        const std::vector<std::string>& names, const std::vector<int>& ranks,
                        std::int64_t finished_ms, const std::string& time_control = "none",
                        const std::string& reason = "resignation") {
  std::string players;
  for (std::size_t i = 0; i < names.size(); ++i) {
    players += (i ? "," : "") + std::string("{\"seat\":") + std::to_string(i) + ",\"player\":\"p" +
               names[i] + "\",\"name\":\"" + names[i] + "\"}";
  }
  std::string rank_list, scores, winners;
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    rank_list += (i ? "," : "") + std::to_string(ranks[i]);
    scores += std::string(i ? "," : "") + (ranks[i] == 1 ? "1" : "0");
    if (ranks[i] == 1) winners += (winners.empty() ? "" : ",") + std::to_string(i);
  }
  return "{\"format\":\"boardroom-record\",\"format_version\":1,\"room\":\"" + room +
         "\",\"game\":\"" + game + "\",\"spec\":\"" + game +
         "\",\"params\":{},\"seed\":\"7\",\"public\":true,\"practice\":false,"
         "\"created_at\":" +
         std::to_string(finished_ms - 600'000) + ",\"time_control\":\"" + time_control +
         "\",\"players\":[" + players +
         "],\"started_at\":" + std::to_string(finished_ms - 500'000) +
         ",\"start_position\":\"\",\"moves\":[],\"outcome\":{\"ranks\":[" + rank_list +
         "],\"scores\":[" + scores + "],\"winners\":[" + winners + "],\"reason\":\"" + reason +
         "\",\"description\":\"\"},\"finished_at\":" + std::to_string(finished_ms) + "}\n";
}

constexpr std::int64_t feb_1_2026 = 1'769'904'000'000;

// Runs the command with standard error kept apart (the helpers capture both together), so that
// --json output parses.
struct split_run {
  int status = -1;
  std::string out;
  std::string err;
};

split_run run_ratings(const temp_dir& dir, const std::string& args) {
  const std::string err_path = dir.path() + "/stderr.txt";
  // In a group: the helpers add their own 2>&1 after the command, which would otherwise win.
  auto r = run_command("{ " + std::string(BOARDROOM_BINARY) + " ratings " + args + " 2>" +
                       err_path + "; }");
  std::ifstream in(err_path, std::ios::binary);
  std::stringstream err;
  err << in.rdbuf();
  return {r.status, r.out, err.str()};
}

json parsed(const split_run& r) {
  auto j = json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << r.out << r.err;
  return j;
}

TEST(RatingsCli, OneDecisiveGameBetweenNewPlayersGivesLichessFigures) {
  temp_dir dir;
  const std::string file = dir.path() + "/games.jsonl";
  write_text(file,
             record_line("r1", "amazons", {"alice", "bob"}, {1, 2}, feb_1_2026, "fischer:3m+2s"));
  auto r = run_ratings(dir, "--model glicko2 --json " + file);
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const json out = parsed(r);
  EXPECT_EQ(out["model"], "glicko2");
  EXPECT_EQ(out["games_rated"], 1);
  EXPECT_EQ(out["games_skipped"], 0);
  ASSERT_EQ(out["ratings"].size(), 2u) << out.dump(2);
  const json& winner = out["ratings"][0];
  const json& loser = out["ratings"][1];
  EXPECT_EQ(winner["name"], "alice");
  EXPECT_EQ(winner["rank"], 1);
  EXPECT_EQ(winner["game"], "amazons");
  EXPECT_EQ(winner["speed"], "blitz");  // 3 min + 40 x 2 s
  EXPECT_EQ(std::floor(winner["rating"].get<double>()), 1741);
  EXPECT_NEAR(winner["deviation"].get<double>(), 396.5, 1);
  EXPECT_TRUE(winner["provisional"]);
  EXPECT_EQ(winner["games"], 1);
  EXPECT_NEAR(winner["volatility"].get<double>(), 0.0899983, 1e-6);
  EXPECT_EQ(loser["name"], "bob");
  EXPECT_EQ(loser["rank"], 2);
  EXPECT_EQ(std::floor(loser["rating"].get<double>()), 1258);
  EXPECT_NEAR(loser["deviation"].get<double>(), 396.5, 1);
  EXPECT_NE(r.err.find("1 game rated, 0 skipped"), std::string::npos) << r.err;

  // The table: best first, whole numbers (rounded), a provisional mark after the rating.
  auto table = run_ratings(dir, "--model glicko2 " + file);
  ASSERT_EQ(table.status, 0) << table.err;
  const auto rows = lines(table.out);
  ASSERT_EQ(rows.size(), 4u) << table.out;
  EXPECT_EQ(rows[0], "amazons, blitz: 2 players");
  EXPECT_TRUE(rows[1].starts_with("rank  name")) << rows[1];
  EXPECT_TRUE(rows[2].starts_with("   1  alice")) << rows[2];
  EXPECT_NE(rows[2].find(" 1741? "), std::string::npos) << rows[2];
  EXPECT_NE(rows[2].find(" 397 "), std::string::npos) << rows[2];
  EXPECT_TRUE(rows[3].starts_with("   2  bob")) << rows[3];
  EXPECT_NE(rows[3].find(" 1259? "), std::string::npos) << rows[3];
}

TEST(RatingsCli, GamesAreRatedInTheOrderTheyFinished) {
  temp_dir dir;
  const std::string first = record_line("r1", "sisyphos", {"alice", "bob"}, {2, 1}, feb_1_2026);
  const std::string second =
      record_line("r2", "sisyphos", {"alice", "bob"}, {1, 2}, feb_1_2026 + 3'600'000);
  write_text(dir.path() + "/in-order.jsonl", first + second);
  write_text(dir.path() + "/reversed.jsonl", second + first);
  auto in_order = run_ratings(dir, "--model glicko2 --json " + dir.path() + "/in-order.jsonl");
  auto reversed = run_ratings(dir, "--model glicko2 --json " + dir.path() + "/reversed.jsonl");
  ASSERT_EQ(in_order.status, 0) << in_order.err;
  ASSERT_EQ(reversed.status, 0) << reversed.err;
  EXPECT_EQ(in_order.out, reversed.out);
  // The later win counts for more: alice, who won last, is ahead.
  EXPECT_EQ(parsed(in_order)["ratings"][0]["name"], "alice") << in_order.out;
  EXPECT_EQ(parsed(in_order)["ratings"][0]["games"], 2);
}

TEST(RatingsCli, RatesTheRealArimaaArchive) {
  // The players, from the archive's own wusername and busername columns.
  std::ifstream in(arimaa_archive, std::ios::binary);
  std::string header;
  ASSERT_TRUE(std::getline(in, header));
  std::vector<std::string> columns;
  {
    std::istringstream h(header);
    for (std::string c; std::getline(h, c, '\t');)
      columns.push_back(c);
  }
  std::size_t white = columns.size(), black = columns.size();
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (columns[i] == "wusername") white = i;
    if (columns[i] == "busername") black = i;
  }
  ASSERT_LT(white, columns.size());
  ASSERT_LT(black, columns.size());
  std::set<std::string> usernames;
  int games = 0;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields;
    std::istringstream l(line);
    for (std::string f; std::getline(l, f, '\t');)
      fields.push_back(f);
    ASSERT_GT(fields.size(), std::max(white, black));
    usernames.insert(fields[white]);
    usernames.insert(fields[black]);
    ++games;
  }
  ASSERT_GT(games, 0);

  temp_dir dir;
  auto table = run_ratings(dir, "--format arimaa --model glicko2 " + arimaa_archive);
  ASSERT_EQ(table.status, 0) << table.out << table.err;
  EXPECT_NE(table.out.find("arimaa, "), std::string::npos) << table.out;
  int named = 0;
  for (const auto& name : usernames) {
    if (table.out.find("  " + name + " ") != std::string::npos) ++named;
  }
  EXPECT_GE(named, 2) << table.out;

  auto as_json = run_ratings(dir, "--format arimaa --model glicko2 --json " + arimaa_archive);
  ASSERT_EQ(as_json.status, 0) << as_json.err;
  const json out = parsed(as_json);
  EXPECT_GT(out["games_rated"].get<int>(), 0);
  // Every game of the file is either rated or skipped, and said to be.
  EXPECT_EQ(out["games_rated"].get<int>() + out["games_skipped"].get<int>(), games);
  ASSERT_FALSE(out["ratings"].empty());
  for (const json& r : out["ratings"]) {
    EXPECT_EQ(r["game"], "arimaa");
    EXPECT_TRUE(usernames.contains(r["name"].get<std::string>())) << r.dump();
  }
}

TEST(RatingsCli, WengLinRanksThreePlayersByTheirPlaces) {
  temp_dir dir;
  const std::string file = dir.path() + "/three.jsonl";
  // Seat order is not finishing order: dave (seat 1) won, erin came last.
  write_text(file, record_line("r1", "shiamgon", {"carol", "dave", "erin"}, {2, 1, 3}, feb_1_2026,
                               "none", "elimination"));
  auto r = run_ratings(dir, "--model weng-lin-plackett-luce --json " + file);
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const json out = parsed(r);
  EXPECT_EQ(out["model"], "weng-lin-plackett-luce");
  EXPECT_EQ(out["games_rated"], 1);
  ASSERT_EQ(out["ratings"].size(), 3u) << out.dump(2);
  const std::vector<std::string> order{"dave", "carol", "erin"};
  for (std::size_t i = 0; i < 3; ++i) {
    const json& entry = out["ratings"][i];
    EXPECT_EQ(entry["name"], order[i]);
    EXPECT_EQ(entry["rank"], i + 1);
    EXPECT_EQ(entry["speed"], "untimed");
    EXPECT_FALSE(entry["provisional"]);
    EXPECT_TRUE(entry.contains("sigma"));
    // The rating shown is the ordinal mu - 3 sigma.
    EXPECT_NEAR(entry["rating"].get<double>(),
                entry["mu"].get<double>() - 3 * entry["sigma"].get<double>(), 1e-9);
  }
  EXPECT_GT(out["ratings"][0]["mu"].get<double>(), 25);
  EXPECT_LT(out["ratings"][2]["mu"].get<double>(), 25);

  auto table = run_ratings(dir, "--model weng-lin-plackett-luce " + file);
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_NE(table.out.find("shiamgon, untimed: 3 players"), std::string::npos) << table.out;
  EXPECT_LT(table.out.find("dave"), table.out.find("carol")) << table.out;
  EXPECT_LT(table.out.find("carol"), table.out.find("erin")) << table.out;

  auto tm = run_ratings(dir, "--model weng-lin-thurstone-mosteller-full --json " + file);
  ASSERT_EQ(tm.status, 0) << tm.out << tm.err;
  const json tm_out = parsed(tm);
  EXPECT_EQ(tm_out["model"], "weng-lin-thurstone-mosteller-full");
  EXPECT_EQ(tm_out["games_rated"], 1);
  EXPECT_EQ(tm_out["ratings"][0]["name"], "dave");
  EXPECT_GT(tm_out["ratings"][0]["mu"].get<double>(), 25);
}

TEST(RatingsCli, EveryWengLinModelIsAccepted) {
  temp_dir dir;
  const std::string file = dir.path() + "/three.jsonl";
  write_text(file, record_line("r1", "esiema", {"carol", "dave", "erin"}, {1, 2, 3}, feb_1_2026));
  for (const auto m : ratings::weng_lin_models) {
    const std::string model = std::string("weng-lin-") + ratings::weng_lin_model_name(m);
    auto r = run_ratings(dir, "--model " + model + " --json " + file);
    ASSERT_EQ(r.status, 0) << model << ": " << r.err;
    EXPECT_EQ(parsed(r)["games_rated"], 1) << model;
  }
}

TEST(RatingsCli, UsageErrorsExitWithTwoAndSayWhy) {
  temp_dir dir;
  const std::string file = dir.path() + "/games.jsonl";
  write_text(file, record_line("r1", "amazons", {"alice", "bob"}, {1, 2}, feb_1_2026));

  auto unknown = run_ratings(dir, "--model elo " + file);
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("unknown rating model \"elo\""), std::string::npos) << unknown.err;
  EXPECT_NE(unknown.err.find("glicko2"), std::string::npos) << unknown.err;
  for (const auto m : ratings::weng_lin_models) {
    EXPECT_NE(unknown.err.find(std::string("weng-lin-") + ratings::weng_lin_model_name(m)),
              std::string::npos)
        << unknown.err;
  }
  // A model's bare name is not one: the system is part of it.
  EXPECT_EQ(run_ratings(dir, "--model plackett-luce " + file).status, 2);
  EXPECT_EQ(run_ratings(dir, "--model weng-lin " + file).status, 2);

  auto missing_model = run_ratings(dir, file);
  EXPECT_EQ(missing_model.status, 2);
  EXPECT_NE(missing_model.err.find("--model is required"), std::string::npos) << missing_model.err;

  auto format = run_ratings(dir, "--model glicko2 --format pgn " + file);
  EXPECT_EQ(format.status, 2);
  EXPECT_NE(format.err.find("unknown format \"pgn\""), std::string::npos) << format.err;
  EXPECT_NE(format.err.find("arimaa"), std::string::npos) << format.err;

  auto missing = run_ratings(dir, "--model glicko2 " + dir.path() + "/nowhere.jsonl");
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("cannot read"), std::string::npos) << missing.err;

  auto directory = run_ratings(dir, "--model glicko2 " + dir.path());
  EXPECT_EQ(directory.status, 2);
  EXPECT_NE(directory.err.find("cannot read"), std::string::npos) << directory.err;

  auto no_file = run_ratings(dir, "--model glicko2");
  EXPECT_EQ(no_file.status, 2);
  EXPECT_NE(no_file.err.find("required"), std::string::npos) << no_file.err;

  // The archive without --format is not a file of records, nor a records file an archive.
  auto archive = run_ratings(dir, "--model glicko2 " + arimaa_archive);
  EXPECT_EQ(archive.status, 2);
  EXPECT_NE(archive.err.find("not a file of records"), std::string::npos) << archive.err;
  auto records = run_ratings(dir, "--model glicko2 --format arimaa " + file);
  EXPECT_EQ(records.status, 2) << records.err;
}

// History as a start: the server's accounts named like archive players get the archive's Glicko-2
// ratings where they have none, once; players without an account, and another system's ratings,
// are left out.
TEST(RatingsCli, SeedsTheServersAccountsFromTheArchive) {
  temp_dir dir;
  const std::string data = dir.path() + "/data";
  {
    auto made = server::open_sqlite_store(data);
    ASSERT_TRUE(made) << made.error();
    auto& s = **made;
    ASSERT_TRUE(s.save_identity({"pbrowni", "Browni3141", "h1", 1}));
    ASSERT_TRUE(s.create_account({"pbrowni", "Browni3141", "$argon2id$x", 1}));
    ASSERT_TRUE(s.save_identity({"pnobody", "nobody", "h2", 1}));
    ASSERT_TRUE(s.create_account({"pnobody", "nobody", "$argon2id$y", 1}));
  }
  auto first = run_ratings(
      dir, "--format arimaa --model glicko2 --json --seed " + data + " " + arimaa_archive);
  ASSERT_EQ(first.status, 0) << first.err;
  // What the file says of browni3141, game by game and speed class by speed class.
  std::map<std::string, json> expected;
  const json table = parsed(first);
  for (const auto& r : table["ratings"]) {
    if (r["name"] == "browni3141") expected[r["speed"].get<std::string>()] = r;
  }
  ASSERT_FALSE(expected.empty());
  EXPECT_NE(first.err.find("seeded " + std::to_string(expected.size()) + " ratings"),
            std::string::npos)
      << first.err;
  {
    auto s = server::open_sqlite_store(data);
    ASSERT_TRUE(s) << s.error();
    auto seeded = (*s)->ratings_of("pbrowni");
    ASSERT_TRUE(seeded);
    ASSERT_EQ(seeded->size(), expected.size());
    for (const auto& r : *seeded) {
      const json& want = expected.at(r.speed);
      EXPECT_EQ(r.game, "arimaa");
      EXPECT_EQ(r.system, "glicko2");
      EXPECT_EQ(r.games, want["games"].get<int>());
      EXPECT_NEAR(r.value, want["rating"].get<double>(), 1e-6) << r.speed;
    }
    EXPECT_TRUE((*s)->ratings_of("pnobody")->empty());
  }
  // Seeding again changes nothing: the accounts have their ratings.
  auto again =
      run_ratings(dir, "--format arimaa --model glicko2 --seed " + data + " " + arimaa_archive);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.err.find("seeded 0 ratings"), std::string::npos) << again.err;
  // Arimaa is rated with Glicko-2 on the server: Weng-Lin ratings are not seeded.
  auto other = run_ratings(
      dir, "--format arimaa --model weng-lin-plackett-luce --seed " + data + " " + arimaa_archive);
  ASSERT_EQ(other.status, 0) << other.err;
  EXPECT_NE(other.err.find("another system than the server's"), std::string::npos) << other.err;
  // A data directory that cannot be one (here a file) is a usage error.
  auto not_a_dir = run_ratings(
      dir, "--format arimaa --model glicko2 --seed " + arimaa_archive + " " + arimaa_archive);
  EXPECT_EQ(not_a_dir.status, 2) << not_a_dir.err;
}

TEST(RatingsCli, HostileLinesAreSkippedAndCounted) {
  temp_dir dir;
  const std::string good = record_line("r1", "amazons", {"alice", "bob"}, {1, 2}, feb_1_2026);
  json no_outcome = json::parse(good);
  no_outcome.erase("outcome");
  json short_ranks = json::parse(good);
  short_ranks["outcome"]["ranks"] = {1};
  json long_ranks = json::parse(good);
  long_ranks["outcome"]["ranks"] = {1, 2, 3};
  json rank_zero = json::parse(good);
  rank_zero["outcome"]["ranks"] = {0, 1};
  json text_ranks = json::parse(good);
  text_ranks["outcome"]["ranks"] = {"1", "2"};
  json huge_rank = json::parse(good);
  huge_rank["outcome"]["ranks"] = {1, 18446744073709551615ull};
  json aborted = json::parse(good);
  aborted["outcome"]["reason"] = "aborted";
  json crowd = json::parse(good);
  crowd["players"] = json::array();
  crowd["outcome"]["ranks"] = json::array();
  for (int i = 0; i < 10'000; ++i) {
    crowd["players"].push_back({{"seat", i}, {"player", "p"}, {"name", "n" + std::to_string(i)}});
    crowd["outcome"]["ranks"].push_back(i + 1);
  }
  json same_name = json::parse(good);
  same_name["players"][1]["name"] = "alice";
  json no_name = json::parse(good);
  no_name["players"][0].erase("name");
  json unknown_game = json::parse(good);
  unknown_game["game"] = "chess";
  json bad_clock = json::parse(good);
  bad_clock["time_control"] = "fischer:soon";
  json no_finish = json::parse(good);
  no_finish.erase("finished_at");
  json no_clock = json::parse(good);
  no_clock.erase("time_control");
  const std::vector<std::string> hostile{
      "this is not JSON",
      "{\"game\": ",
      "[]",
      "{}",
      "42",
      no_outcome.dump(),
      short_ranks.dump(),
      long_ranks.dump(),
      rank_zero.dump(),
      text_ranks.dump(),
      huge_rank.dump(),
      aborted.dump(),
      crowd.dump(),
      same_name.dump(),
      no_name.dump(),
      unknown_game.dump(),
      bad_clock.dump(),
      no_finish.dump(),
      no_clock.dump(),
  };
  std::string text = good + "   \n";  // a blank line is no game
  for (const auto& line : hostile)
    text += line + "\n";
  const std::string file = dir.path() + "/hostile.jsonl";
  write_text(file, text);
  auto r = run_ratings(dir, "--model glicko2 --json " + file);
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const json out = parsed(r);
  EXPECT_EQ(out["games_rated"], 1);
  EXPECT_EQ(out["games_skipped"].get<std::size_t>(), hostile.size()) << r.err;
  EXPECT_EQ(out["ratings"].size(), 2u);
  EXPECT_NE(r.err.find("skipped line 3: not JSON"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("aborted"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("1 game rated, " + std::to_string(hostile.size()) + " skipped"),
            std::string::npos)
      << r.err;

  for (const auto m : ratings::weng_lin_models) {
    const std::string model = std::string("weng-lin-") + ratings::weng_lin_model_name(m);
    auto w = run_ratings(dir, "--model " + model + " --json " + file);
    ASSERT_EQ(w.status, 0) << model << ": " << w.err;
    EXPECT_EQ(parsed(w)["games_rated"], 1) << model;
  }

  // An empty file has no games to rate, and that is no error.
  write_text(dir.path() + "/empty.jsonl", "");
  auto empty = run_ratings(dir, "--model glicko2 --json " + dir.path() + "/empty.jsonl");
  ASSERT_EQ(empty.status, 0) << empty.err;
  EXPECT_EQ(parsed(empty)["games_rated"], 0);
  EXPECT_TRUE(parsed(empty)["ratings"].empty());
  auto empty_table = run_ratings(dir, "--model glicko2 " + dir.path() + "/empty.jsonl");
  EXPECT_EQ(empty_table.status, 0) << empty_table.err;
  auto empty_archive =
      run_ratings(dir, "--format arimaa --model glicko2 " + dir.path() + "/empty.jsonl");
  EXPECT_LE(empty_archive.status, 2) << empty_archive.err;  // said, not crashed

  // Not a byte of it is a record.
  write_text(dir.path() + "/binary.jsonl", std::string("\x00\xff\xfe\n\x01\x02", 6));
  auto binary = run_ratings(dir, "--model glicko2 " + dir.path() + "/binary.jsonl");
  EXPECT_EQ(binary.status, 2) << binary.err;
}

TEST(RatingsCli, ReadsStandardInput) {
  temp_dir dir;
  const std::string file = dir.path() + "/games.jsonl";
  write_text(file, record_line("r1", "amazons", {"alice", "bob"}, {1, 2}, feb_1_2026));
  auto r = run_ratings(dir, "--model glicko2 --json - < " + file);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(parsed(r)["games_rated"], 1);
}

}  // namespace
}  // namespace ratings_cli
}  // namespace boardroom::test
