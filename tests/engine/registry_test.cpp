// Game specs and parameter resolution, shared by every game.

#include <gtest/gtest.h>

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
  EXPECT_EQ(parse_game_spec("chess").error().code, "unknown_game");
  EXPECT_EQ(parse_game_spec("sisyphos(edition=perlhuhn2007").error().code, "bad_game_spec");
  EXPECT_EQ(parse_game_spec("sisyphos(edition)").error().code, "bad_game_spec");
  auto twice = parse_game_spec("sisyphos(move_limit=5,move_limit=6)");
  EXPECT_EQ(twice.error().code, "bad_game_spec");
  EXPECT_EQ(twice.error().field, "move_limit");
  auto unknown = parse_game_spec("sisyphos(speed=3)");
  EXPECT_EQ(unknown.error().code, "bad_parameter");
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
  EXPECT_EQ(make_game_spec("sisyphos", {{"move_limit", "40"}}).error().code, "bad_parameter");
  EXPECT_EQ(make_game_spec("sisyphos", {{"move_limit", 1.5}}).error().code, "bad_parameter");
  EXPECT_EQ(make_game_spec("sisyphos", nlohmann::json::array()).error().field, "params");
  EXPECT_EQ(make_game_spec("sisyphos", {{"move_limit", 100000}}).error().code, "bad_parameter");
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
  EXPECT_EQ(resolve_params(specs, {{"mode", std::string("c")}}).error().code, "bad_parameter");
  auto none = resolve_params({}, {{"x", true}});
  EXPECT_EQ(none.error().message, "unknown parameter 'x'; this game has none");
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
