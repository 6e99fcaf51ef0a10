// `boardroom verify`, `import-arimaa` and `export-arimaa` as users run them, on records a real
// server wrote and on the real Arimaa archive in tests/data.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "engine/arimaa/archive.hpp"
#include "engine/core/registry.hpp"
#include "tests/cli/cli_helpers.hpp"
#include "tests/support/process.hpp"
#include "tests/support/test_server.hpp"
#include "tests/support/ws_client.hpp"

namespace boardroom::test {
namespace {

const std::string binary = BOARDROOM_BINARY;
const std::string archive_file = std::string(BOARDROOM_TEST_DATA) + "/arimaa/games-2026-02.tsv";

// The turns with each setup's placements in one order: the engine writes a setup square by
// square, the archive as the player typed it; they are the same setup.
std::vector<std::string> normalized(std::vector<std::string> turns) {
  for (auto& t : turns) {
    if (!t.starts_with("1w ") && !t.starts_with("1b ")) continue;
    std::istringstream in(t.substr(3));
    std::vector<std::string> pieces;
    for (std::string p; in >> p;)
      pieces.push_back(p);
    std::sort(pieces.begin(), pieces.end());
    t.resize(2);
    for (const auto& p : pieces)
      t += " " + p;
  }
  return turns;
}

// A Sisyphos game between alice and bob, played to its end with random legal moves; its record
// as the server serves it.
json finished_sisyphos_record(test_server& srv) {
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  auto created = a.call("room.create", {{"game", "sisyphos"}});
  std::string room = created["result"]["room"];
  b.call("room.join", {{"room", room}});
  EXPECT_TRUE(a.wait_event("game_started", room).has_value());
  ws_client* seat[2] = {&a, &b};
  std::mt19937_64 rng(11);
  for (int turn = 0; turn < 2000; ++turn) {
    auto moves = a.call("game.legal_moves", {{"room", room}})["result"];
    if (!moves.contains("moves")) break;
    int p = moves["to_move"];
    seat[p]->call("game.move",
                  {{"room", room}, {"move", moves["moves"][rng() % moves["moves"].size()]}});
  }
  EXPECT_TRUE(a.wait_event("game_over", room).has_value());
  auto reply = http_get(srv.port(), "/api/v1/records/" + room);
  EXPECT_EQ(reply.status, 200) << reply.body;
  return json::parse(reply.body);
}

run_result verify(const temp_dir& dir, const json& record) {
  const std::string path = dir.path() + "/record.json";
  write_text(path, record.dump(2));
  return run_command(binary + " verify " + path);
}

TEST(RecordsCli, VerifyAcceptsARealRecordAndNamesTheFirstBadMove) {
  test_server srv;
  temp_dir dir;
  const json record = finished_sisyphos_record(srv);
  const std::size_t n = record["moves"].size();
  ASSERT_GE(n, 4u);

  auto good = verify(dir, record);
  EXPECT_EQ(good.status, 0) << good.out;
  EXPECT_NE(good.out.find("valid: " + std::to_string(n) + " moves verified"), std::string::npos)
      << good.out;

  // Move 3 replaced by a different legal move: its position is not the recorded one.
  auto spec = engine::parse_game_spec(record["spec"].get<std::string>());
  ASSERT_TRUE(spec.has_value());
  auto st =
      *spec->game_ptr->new_state(2, spec->params, std::stoull(record["seed"].get<std::string>()));
  for (int i = 0; i < 2; ++i)
    ASSERT_TRUE(st->play(record["moves"][i]["move"].get<std::string>()).has_value());
  std::string other;
  for (const auto& m : st->legal_moves()) {
    if (m != record["moves"][2]["move"].get<std::string>()) other = m;
  }
  if (!other.empty()) {
    json changed = record;
    changed["moves"][2]["move"] = other;
    auto bad = verify(dir, changed);
    EXPECT_EQ(bad.status, 1) << bad.out;
    EXPECT_NE(bad.out.find("INVALID: move 3 (ply 3, seat " + record["moves"][2]["seat"].dump() +
                           ") '" + other + "' leads to"),
              std::string::npos)
        << bad.out;
  }

  json illegal = record;
  illegal["moves"][n - 2]["move"] = "z9";
  auto bad = verify(dir, illegal);
  EXPECT_EQ(bad.status, 1) << bad.out;
  EXPECT_NE(
      bad.out.find("INVALID: move " + std::to_string(n - 1) + " (ply " + std::to_string(n - 1)),
      std::string::npos)
      << bad.out;
  EXPECT_NE(bad.out.find("'z9' is illegal"), std::string::npos) << bad.out;

  json wrong_seat = record;
  wrong_seat["moves"][1]["seat"] = 1 - record["moves"][1]["seat"].get<int>();
  auto seat = verify(dir, wrong_seat);
  EXPECT_EQ(seat.status, 1);
  EXPECT_NE(seat.out.find("INVALID: move 2 "), std::string::npos) << seat.out;

  json flipped = record;
  std::swap(flipped["outcome"]["ranks"][0], flipped["outcome"]["ranks"][1]);
  std::swap(flipped["outcome"]["scores"][0], flipped["outcome"]["scores"][1]);
  auto outcome = verify(dir, flipped);
  EXPECT_EQ(outcome.status, 1);
  EXPECT_NE(outcome.out.find("INVALID: the outcome is not the engine's"), std::string::npos)
      << outcome.out;

  write_text(dir.path() + "/broken.json", "{\"format\": ");
  EXPECT_EQ(run_command(binary + " verify " + dir.path() + "/broken.json").status, 2);
}

// Every game of the real archive: imported through the engine, listed and served by a server on
// the same data directory, verified, and exported back to the same games.
TEST(RecordsCli, ArimaaArchiveImportsServesVerifiesAndExportsTheSameGames) {
  auto original = engine::arimaa::parse_archive(read_text(archive_file));
  ASSERT_TRUE(original.has_value());
  const std::size_t n = original->size();
  ASSERT_GT(n, 50u);
  temp_dir dir;
  const std::string data = dir.path() + "/data";

  auto first = run_command(binary + " import-arimaa " + archive_file + " --data-dir " + data);
  EXPECT_EQ(first.status, 0) << first.out;
  EXPECT_NE(first.out.find(std::to_string(n) + " games: " + std::to_string(n) +
                           " imported, 0 already in the store, 0 skipped"),
            std::string::npos)
      << first.out;
  auto again = run_command(binary + " import-arimaa " + archive_file + " --data-dir " + data);
  EXPECT_NE(again.out.find("0 imported, " + std::to_string(n) + " already in the store"),
            std::string::npos)
      << again.out;

  const std::string exported = dir.path() + "/exported.tsv";
  auto out = run_command(binary + " export-arimaa --data-dir " + data + " -o " + exported);
  ASSERT_EQ(out.status, 0) << out.out;
  auto back = engine::arimaa::parse_archive(read_text(exported));
  ASSERT_TRUE(back.has_value()) << back.error().message;
  ASSERT_EQ(back->size(), n);
  std::map<std::string, engine::arimaa::archive_game> by_id;
  for (auto& g : *back)
    by_id[g.id] = g;
  for (const auto& g : *original) {
    SCOPED_TRACE(g.id);
    ASSERT_TRUE(by_id.contains(g.id));
    const auto& e = by_id[g.id];
    EXPECT_EQ(e.gold, g.gold);
    EXPECT_EQ(e.silver, g.silver);
    EXPECT_EQ(e.result, g.result);
    EXPECT_EQ(e.termination, g.termination);
    EXPECT_EQ(e.time_control, g.time_control);
    EXPECT_EQ(e.start_ts, g.start_ts);
    EXPECT_EQ(e.end_ts, g.end_ts);
    EXPECT_EQ(normalized(e.turns), normalized(g.turns));
    ASSERT_EQ(e.refused.size(), g.refused.size());
    for (std::size_t i = 0; i < g.refused.size(); ++i) {
      EXPECT_EQ(e.refused[i].tag, g.refused[i].tag);
      EXPECT_EQ(e.refused[i].steps, g.refused[i].steps);
      EXPECT_EQ(e.refused[i].reason, g.refused[i].reason);
    }
    // A turn's time is when the server last received it, and never before the one before it.
    std::int64_t expected_at = g.start_ts;
    for (const std::string& turn : g.turns) {
      const std::string tag = turn.substr(0, turn.find(' '));
      if (g.received.contains(tag)) expected_at = std::max(expected_at, g.received.at(tag));
      ASSERT_TRUE(e.received.contains(tag)) << tag;
      EXPECT_EQ(e.received.at(tag), expected_at) << tag;
    }
    EXPECT_TRUE(engine::arimaa::replay(e).agrees)
        << engine::arimaa::report_line(engine::arimaa::replay(e));
  }

  // The imported games on a server: listed by player, served, verified.
  const auto& sample = original->front();
  std::size_t with_player = 0;
  for (const auto& g : *original)
    with_player += g.gold == sample.silver || g.silver == sample.silver;
  test_server srv(on_dir(data));
  auto list = json::parse(
      http_get(srv.port(), "/api/v1/records?game=arimaa&limit=500&player=" + sample.silver).body);
  EXPECT_EQ(list["total"], with_player);
  auto record = http_get(srv.port(), "/api/v1/records/arimaa-" + sample.id);
  ASSERT_EQ(record.status, 200) << record.body;
  auto j = json::parse(record.body);
  EXPECT_EQ(j["players"][0]["name"], sample.gold);
  EXPECT_EQ(j["players"][1]["name"], sample.silver);
  EXPECT_EQ(j["time_control"], "arimaa:" + sample.time_control);
  EXPECT_EQ(j["started_at"], sample.start_ts * 1000);
  EXPECT_EQ(j["finished_at"], sample.end_ts * 1000);
  EXPECT_EQ(j["moves"].size(), sample.turns.size());
  auto checked = verify(dir, j);
  EXPECT_EQ(checked.status, 0) << checked.out;
  auto served = http_get(srv.port(), "/api/v1/records/arimaa-" + sample.id + ".arimaa");
  auto one = engine::arimaa::parse_archive(served.body);
  ASSERT_TRUE(one.has_value());
  ASSERT_EQ(one->size(), 1u);
  EXPECT_EQ(normalized(one->front().turns), normalized(sample.turns));
}

TEST(RecordsCli, ImportReportsAndSkipsAGameTheEngineRejects) {
  temp_dir dir;
  std::string text = read_text(archive_file);
  // The second game (line 3), its fifth turn made illegal: a rabbit cannot step backwards.
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  auto games = engine::arimaa::parse_archive(text);
  ASSERT_TRUE(games.has_value());
  const std::string turn = (*games)[1].turns[4];
  const std::string bad_turn = turn.substr(0, turn.find(' ')) + " Ra1s";
  auto at = lines[2].find(turn);
  ASSERT_NE(at, std::string::npos);
  lines[2].replace(at, turn.size(), bad_turn);
  std::string tampered;
  for (std::size_t i = 0; i < 4; ++i)
    tampered += lines[i] + "\n";
  write_text(dir.path() + "/bad.tsv", tampered);
  auto r = run_command(binary + " import-arimaa " + dir.path() + "/bad.tsv --data-dir " +
                       dir.path() + "/data");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("skipped line 3 (game " + (*games)[1].id + "): "), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("illegal at " + bad_turn), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("3 games: 2 imported, 0 already in the store, 1 skipped"), std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace boardroom::test
