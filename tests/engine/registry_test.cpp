// Game specs and parameter resolution, shared by every game.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/core/registry.hpp"

namespace boardroom::engine {
namespace {

TEST(GameSpec, ParsesDefaultsAndCanonicalText) {
  auto plain = parse_game_spec(" sisyphos \n");
  ASSERT_TRUE(plain) << plain.error().message;
  EXPECT_EQ(plain->game_ptr->key(), "sisyphos");
  auto with = parse_game_spec("sisyphos( move_limit = 30 , edition=perlhuhn2007 )");
  ASSERT_TRUE(with) << with.error().message;
  EXPECT_EQ(get_int(with->params, "move_limit"), 30);
  EXPECT_EQ(with->text(), "sisyphos(edition=perlhuhn2007,move_limit=30)");
  EXPECT_EQ(parse_game_spec(with->text())->text(), with->text());
}

TEST(GameSpec, RejectsWhatIsWrongWithAReason) {
  EXPECT_EQ(parse_game_spec("chess").error().code.name(), "unknown_game");
  EXPECT_EQ(parse_game_spec("sisyphos(edition=perlhuhn2007").error().code.name(), "bad_game_spec");
  EXPECT_EQ(parse_game_spec("sisyphos(edition)").error().code.name(), "bad_game_spec");
  auto twice = parse_game_spec("sisyphos(move_limit=5,move_limit=6)");
  EXPECT_EQ(twice.error().code.name(), "bad_game_spec");
  EXPECT_EQ(twice.error().field, "move_limit");
  auto unknown = parse_game_spec("sisyphos(speed=3)");
  EXPECT_EQ(unknown.error().code.name(), "bad_parameter");
  EXPECT_EQ(unknown.error().field, "speed");
  EXPECT_NE(unknown.error().message.find("known: "), std::string::npos);
  auto type = parse_game_spec("sisyphos(move_limit=many)");
  EXPECT_EQ(type.error().message, "parameter 'move_limit' must be an integer, not 'many'");
  auto choice = parse_game_spec("sisyphos(edition=deluxe)");
  EXPECT_NE(choice.error().message.find("must be one of forum2007, perlhuhn2007"),
            std::string::npos);
}

TEST(GameSpec, JsonParametersAreTypeChecked) {
  auto ok = make_game_spec("sisyphos", {{"move_limit", 40}});
  ASSERT_TRUE(ok);
  EXPECT_EQ(get_int(ok->params, "move_limit"), 40);
  EXPECT_EQ(make_game_spec("sisyphos", {{"move_limit", "40"}}).error().code.name(),
            "bad_parameter");
  EXPECT_EQ(make_game_spec("sisyphos", {{"move_limit", 1.5}}).error().code.name(), "bad_parameter");
  EXPECT_EQ(make_game_spec("sisyphos", nlohmann::json::array()).error().field, "params");
  EXPECT_EQ(make_game_spec("sisyphos", {{"move_limit", 100000}}).error().code.name(),
            "bad_parameter");
}

// Seats are counted from 0 everywhere a user reads or writes one, as in the protocol. Rooms
// stored before carry specs that counted from 1; they must make the same game.
TEST(GameSpec, OldSeatNamesCountingFromOneMakeTheSameGame) {
  auto same = [](const std::string& old_text, const std::string& new_text) {
    auto old_spec = parse_game_spec(old_text);
    auto new_spec = parse_game_spec(new_text);
    ASSERT_TRUE(old_spec.has_value()) << old_text << ": " << old_spec.error().message;
    ASSERT_TRUE(new_spec.has_value()) << new_text << ": " << new_spec.error().message;
    EXPECT_EQ(old_spec->text(), new_spec->text()) << old_text;
  };
  same("shiamgon(first_player=2)", "shiamgon(first_seat=1)");
  same("shiamgon(first_player=0)", "shiamgon(first_by_lot=true)");
  same("shiamgon(first_player=1,handicap_1=2,handicap_3=1)",
       "shiamgon(handicap_seat_0=2,handicap_seat_2=1)");
  same("esiema(first_player=0)", "esiema");
  same("esiema(first_player=3,small_balls_1=50,small_balls_6=70)",
       "esiema(first_seat=2,first_by_lot=false,small_balls_seat_0=50)");
  // A whole canonical spec as the server stored it before (every parameter written out).
  same(
      "shiamgon(board=disc-large,direction=clockwise,encircle=opponents-all-around,"
      "first_player=3,handicap_1=0,handicap_2=2,handicap_3=0,handicap_4=0,handicap_5=0,"
      "repetition=ends-game,score_base=placements,turn_cap=600)",
      "shiamgon(first_seat=2,handicap_seat_1=2)");
  // The same game: Blue places first, as first_player=2 always meant.
  auto old_spec = parse_game_spec("shiamgon(first_player=2)");
  auto st = old_spec->game_ptr->new_state(3, old_spec->params, 5);
  ASSERT_TRUE(st.has_value());
  EXPECT_EQ((*st)->current_player(), 1);
  // Clients sending JSON with the old names get the same.
  auto json = make_game_spec("shiamgon", {{"first_player", 3}, {"handicap_2", 1}});
  ASSERT_TRUE(json.has_value()) << json.error().message;
  EXPECT_EQ(json->text(), parse_game_spec("shiamgon(first_seat=2,handicap_seat_1=1)")->text());
  // An old name beside its new one, or out of its old range, is refused.
  auto both = parse_game_spec("shiamgon(first_player=2,first_seat=1)");
  ASSERT_FALSE(both.has_value());
  EXPECT_EQ(both.error().code.name(), "bad_parameter");
  auto far = parse_game_spec("esiema(first_player=7)");
  ASSERT_FALSE(far.has_value());
  EXPECT_EQ(far.error().field, "first_player");
  auto twice = parse_game_spec("esiema(small_balls_2=3,small_balls_seat_1=3)");
  ASSERT_FALSE(twice.has_value());
  // Unknown names are still unknown.
  auto unknown = parse_game_spec("shiamgon(first_players=2)");
  ASSERT_FALSE(unknown.has_value());
  EXPECT_EQ(unknown.error().field, "first_players");
}

TEST(Params, ResolveFillsDefaultsAndChecksRanges) {
  std::vector<param_spec> specs{param_spec::integer("size", 10, 6, 10, "board size"),
                                param_spec::boolean("swap", false, "pie rule"),
                                param_spec::choice("mode", {"a", "b"}, "mode")};
  auto resolved = resolve_params(specs, {});
  ASSERT_TRUE(resolved);
  EXPECT_EQ(get_int(*resolved, "size"), 10);
  EXPECT_FALSE(get_bool(*resolved, "swap"));
  EXPECT_EQ(get_choice(*resolved, "mode"), "a");
  EXPECT_EQ(resolve_params(specs, {{"size", std::int64_t{5}}}).error().message,
            "parameter 'size' must be between 6 and 10, not 5");
  EXPECT_EQ(resolve_params(specs, {{"swap", std::int64_t{1}}}).error().field, "swap");
  EXPECT_EQ(resolve_params(specs, {{"mode", std::string("c")}}).error().code.name(),
            "bad_parameter");
  auto none = resolve_params({}, {{"x", true}});
  EXPECT_EQ(none.error().message, "unknown parameter 'x'; this game has none");
}

TEST(Params, AnIntegerWithGapsTakesOnlyItsValues) {
  std::vector<param_spec> specs{param_spec::integer_of("size", 10, {6, 8, 10}, "board size")};
  EXPECT_EQ(specs[0].min, 6);
  EXPECT_EQ(specs[0].max, 10);
  for (std::int64_t ok : {6, 8, 10})
    EXPECT_TRUE(resolve_params(specs, {{"size", ok}})) << ok;
  for (std::int64_t bad : {4, 7, 9, 12}) {
    auto refused = resolve_params(specs, {{"size", bad}});
    ASSERT_FALSE(refused) << bad;
    EXPECT_EQ(refused.error().code.name(), "bad_parameter");
    EXPECT_EQ(refused.error().field, "size");
    EXPECT_EQ(refused.error().message,
              "parameter 'size' must be one of 6, 8, 10, not " + std::to_string(bad));
  }
  auto j = spec_json(specs[0]);
  EXPECT_EQ(j["choices"], nlohmann::json({6, 8, 10}));
  EXPECT_EQ(j["min"], 6);
  EXPECT_EQ(j["max"], 10);
}

TEST(Catalogue, AmazonsBoardSizesAreTheThreeBoards) {
  // 7 and 9 lie inside 6..10: the catalogue and the spec both say they are not boards.
  auto j = catalogue_json(*find_game("amazons"));
  auto size = j["params"][0];
  ASSERT_EQ(size["name"], "board_size");
  EXPECT_EQ(size["choices"], nlohmann::json({6, 8, 10}));
  for (int bad : {7, 9}) {
    auto refused = make_game_spec("amazons", {{"board_size", bad}});
    ASSERT_FALSE(refused) << bad;
    EXPECT_EQ(refused.error().code.name(), "bad_parameter");
    EXPECT_EQ(refused.error().field, "board_size");
  }
}

// The catalogue's seat counts per choice (Shiamgon's boards) are the ones the game sets up.
TEST(Catalogue, PlayersByChoiceAreWhatNewStateAccepts) {
  bool any = false;
  for (const game* g : all_games()) {
    for (const auto& spec : g->param_specs()) {
      auto j = spec_json(spec);
      if (!j.contains("players_by_choice")) continue;
      any = true;
      EXPECT_EQ(spec.type, param_spec::kind::choice);
      for (const auto& choice : spec.choices) {
        SCOPED_TRACE(std::string(g->key()) + " " + spec.name + "=" + choice);
        auto params = resolve_params(g->param_specs(), {{spec.name, choice}});
        ASSERT_TRUE(params);
        std::vector<int> offered;
        for (int n = g->players().min; n <= g->players().max; ++n) {
          auto st = g->new_state(n, *params, 1);
          if (st) {
            offered.push_back(n);
          } else {
            EXPECT_EQ(st.error().code.name(), "bad_players") << st.error().message;
          }
        }
        ASSERT_TRUE(j["players_by_choice"].contains(choice));
        EXPECT_EQ(j["players_by_choice"][choice].get<std::vector<int>>(), offered);
      }
    }
  }
  EXPECT_TRUE(any);
  auto board = catalogue_json(*find_game("shiamgon"))["params"][0];
  ASSERT_EQ(board["name"], "board");
  EXPECT_EQ(board["players_by_choice"]["disc-small"], nlohmann::json({3, 5}));
  EXPECT_EQ(board["players_by_choice"]["triangle-64"], nlohmann::json({3}));
}

TEST(Catalogue, DescribesEveryGame) {
  for (const game* g : all_games()) {
    auto j = catalogue_json(*g);
    EXPECT_EQ(j["key"], g->key());
    EXPECT_EQ(j["params"].size(), g->param_specs().size());
    EXPECT_EQ(find_game(g->key()), g);
  }
  EXPECT_EQ(find_game("nope"), nullptr);
}

}  // namespace
}  // namespace boardroom::engine
