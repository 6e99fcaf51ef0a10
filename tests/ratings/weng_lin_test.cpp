// Weng-Lin against OpenSkill's published vectors. Unless said otherwise they are openskill.js's
// model tests, src/models/__tests__/<model>.test.ts (version 5, which matches openskill.py 6 bit
// for bit): default players (25, 25/3), the model called without tau.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "server/ratings/weng_lin.hpp"
#include "tests/ratings/weng_lin_helpers.hpp"

namespace boardroom::test {
namespace {

using ratings::weng_lin_model;
using ratings::weng_lin_rating;
using ratings::weng_lin_settings;

const weng_lin_rating fresh;

TEST(WengLin, PlackettLuceThreePlayers) {
  // plackett-luce.test.ts "3p FFA".
  expect_ratings(
      rated(weng_lin_model::plackett_luce, {fresh, fresh, fresh}, {1, 2, 3}, without_tau()),
      {{27.868876552746237, 8.204837030780652},
       {25.717219138186557, 8.057829747583874},
       {21.413904309067206, 8.057829747583874}});
}

TEST(WengLin, PlackettLuceFourWayFreeForAllWithTau) {
  // openskill.js src/__tests__/parity-plackett-luce.test.ts "four-way free-for-all at default
  // hyperparameters" (also rate.test.ts): tau 25/300 applies.
  expect_ratings(rated(weng_lin_model::plackett_luce,
                       {{29.182, 4.782}, {27.174, 4.922}, {16.672, 6.217}, fresh}, {1, 2, 3, 4}),
                 {{30.210227447000438, 4.765617924939384},
                  {27.644725221915632, 4.883479590134575},
                  {17.4036218889969, 6.101259408259549},
                  {19.21460876538932, 7.854669920480409}});
}

TEST(WengLin, ThurstoneMostellerFullThreePlayers) {
  // thurstone-mosteller-full.test.ts "3p FFA" (draw margin epsilon 0.1).
  expect_ratings(rated(weng_lin_model::thurstone_mosteller_full, {fresh, fresh, fresh}, {1, 2, 3},
                       without_tau()),
                 {{33.46143741798643, 6.856958868037088},
                  {25, 6.856958868037088},
                  {16.53856258201357, 6.856958868037088}});
}

TEST(WengLin, ThurstoneMostellerFullFourWayFreeForAllWithTau) {
  // openskill.js src/__tests__/parity-thurstone-mosteller-full.test.ts "four-way free-for-all".
  expect_ratings(rated(weng_lin_model::thurstone_mosteller_full,
                       {{29.182, 4.782}, {27.174, 4.922}, {16.672, 6.217}, fresh}, {1, 2, 3, 4}),
                 {{32.52085123693871, 4.375950146467773},
                  {27.506415974195786, 4.437501008136939},
                  {19.021389842482407, 5.311185767439086},
                  {9.689078200160441, 4.428266285854181}});
}

TEST(WengLin, ThurstoneMostellerPartThreeAndFivePlayers) {
  // thurstone-mosteller-part.test.ts "3p FFA" and "5p FFA": only neighbours are compared, so the
  // middle places stay at 25.
  const auto m = weng_lin_model::thurstone_mosteller_part;
  expect_ratings(rated(m, {fresh, fresh, fresh}, {1, 2, 3}, without_tau()),
                 {{27.10898076650337, 8.24891482617727},
                  {25, 8.163623409651494},
                  {22.89101923349663, 8.24891482617727}});
  expect_ratings(rated(m, {fresh, fresh, fresh, fresh, fresh}, {1, 2, 3, 4, 5}, without_tau()),
                 {{27.10898076650337, 8.24891482617727},
                  {25, 8.163623409651494},
                  {25, 8.163623409651494},
                  {25, 8.163623409651494},
                  {22.89101923349663, 8.24891482617727}});
}

TEST(WengLin, BradleyTerryFullThreeAndFivePlayers) {
  // bradley-terry-full.test.ts "3p FFA" and "5p FFA".
  const auto m = weng_lin_model::bradley_terry_full;
  expect_ratings(rated(m, {fresh, fresh, fresh}, {1, 2, 3}, without_tau()),
                 {{30.2704627669473, 7.788474807872566},
                  {25.0, 7.788474807872566},
                  {19.7295372330527, 7.788474807872566}});
  expect_ratings(rated(m, {fresh, fresh, fresh, fresh, fresh}, {1, 2, 3, 4, 5}, without_tau()),
                 {{35.5409255338946, 7.202515895247076},
                  {30.2704627669473, 7.202515895247076},
                  {25.0, 7.202515895247076},
                  {19.729537233052703, 7.202515895247076},
                  {14.4590744661054, 7.202515895247076}});
}

TEST(WengLin, BradleyTerryPartThreeAndFivePlayers) {
  // bradley-terry-part.test.ts "3p FFA" and "5p FFA".
  const auto m = weng_lin_model::bradley_terry_part;
  expect_ratings(rated(m, {fresh, fresh, fresh}, {1, 2, 3}, without_tau()),
                 {{27.63523138347365, 8.065506316323548},
                  {25.0, 7.788474807872566},
                  {22.36476861652635, 8.065506316323548}});
  expect_ratings(rated(m, {fresh, fresh, fresh, fresh, fresh}, {1, 2, 3, 4, 5}, without_tau()),
                 {{27.63523138347365, 8.065506316323548},
                  {25.0, 7.788474807872566},
                  {25.0, 7.788474807872566},
                  {25.0, 7.788474807872566},
                  {22.36476861652635, 8.065506316323548}});
}

TEST(WengLin, TwoPlayersAgreeAcrossThePairwiseModels) {
  // "2p FFA" in each model's test: Plackett-Luce and both Bradley-Terry models give one answer
  // for two players, as do the two Thurstone-Mosteller models up to the part model's doubled c.
  const std::vector<weng_lin_rating> pair{fresh, fresh};
  const std::vector<weng_lin_rating> logistic{{27.63523138347365, 8.065506316323548},
                                              {22.36476861652635, 8.065506316323548}};
  for (auto m : {weng_lin_model::plackett_luce, weng_lin_model::bradley_terry_full,
                 weng_lin_model::bradley_terry_part}) {
    SCOPED_TRACE(ratings::weng_lin_model_name(m));
    expect_ratings(rated(m, pair, {1, 2}, without_tau()), logistic);
  }
  expect_ratings(
      rated(weng_lin_model::thurstone_mosteller_full, pair, {1, 2}, without_tau()),
      {{29.230718708993216, 7.630934718709003}, {20.769281291006784, 7.630934718709003}});
}

TEST(WengLin, TauWidensSigmaBeforeTheUpdate) {
  // openskill.js src/__tests__/rate.test.ts "accepts a tau term": two (25, 3) players, tau 0.3.
  weng_lin_settings s;
  s.tau = 0.3;
  expect_ratings(
      rated(weng_lin_model::plackett_luce, {{25, 3}, {25, 3}}, {1, 2}, s),
      {{25.624880438870754, 2.9879993738476953}, {24.375119561129246, 2.9879993738476953}});
}

TEST(WengLin, RanksNeedNotComeInOrder) {
  // rate.test.ts "accepts a misordered rank ordering" and "accepts a rate ordering" (default tau).
  expect_ratings(rated(weng_lin_model::plackett_luce, {fresh, fresh, fresh, fresh}, {2, 1, 4, 3}),
                 {{26.55291815138952, 8.17961798837266},
                  {27.795252672501135, 8.263571791259416},
                  {20.962412806387245, 8.084127880168786},
                  {24.689416369722096, 8.084127880168786}});
  const double s = 25.0 / 3;
  expect_ratings(
      rated(weng_lin_model::plackett_luce, {{15, s}, {20, s}, {25, s}, {30, s}}, {1, 3, 4, 2}),
      {{18.131120980297805, 8.283536573151807},
       {20.405169039419135, 8.107860440531121},
       {20.65583040714804, 8.082574596348321},
       {30.80787957313502, 8.155100416275928}});
  // Only the order of the ranks matters, not their values.
  for (auto m : ratings::weng_lin_models) {
    SCOPED_TRACE(ratings::weng_lin_model_name(m));
    expect_ratings(rated(m, {fresh, {30, 5}, {20, 7}}, {3, 1, 2}),
                   rated(m, {fresh, {30, 5}, {20, 7}}, {30, -4, 7}), 0);
  }
}

TEST(WengLin, OrdinalIsMuLessThreeSigma) {
  EXPECT_NEAR(weng_lin_rating{}.ordinal(), 0, 1e-12);  // 25 - 3 * (25 / 3), rounded
  EXPECT_DOUBLE_EQ((weng_lin_rating{30, 2}).ordinal(), 24);
}

TEST(WengLin, ModelNamesRoundTrip) {
  for (auto m : ratings::weng_lin_models) {
    const auto back = ratings::weng_lin_model_from_name(ratings::weng_lin_model_name(m));
    ASSERT_TRUE(back) << ratings::weng_lin_model_name(m);
    EXPECT_EQ(*back, m);
  }
  EXPECT_EQ(std::string(ratings::weng_lin_model_name(weng_lin_model::bradley_terry_part)),
            "bradley-terry-part");
}

TEST(WengLin, UnknownModelNamesAreNullopt) {
  for (const char* name : {"", "plackett_luce", "Plackett-Luce", "thurstone-mosteller",
                           "bradley-terry-full ", "trueskill"}) {
    EXPECT_FALSE(ratings::weng_lin_model_from_name(name)) << name;
  }
  EXPECT_EQ(std::string(ratings::weng_lin_model_name(static_cast<weng_lin_model>(99))), "unknown");
}

TEST(WengLin, NoGameGivesBackTheInputs) {
  // As many ranks as players are needed, and two players at least; otherwise nothing changes
  // (tau included). A model outside the enum changes nothing either.
  const std::vector<weng_lin_rating> players{{30, 5}, {20, 7}, fresh};
  for (auto m : ratings::weng_lin_models) {
    SCOPED_TRACE(ratings::weng_lin_model_name(m));
    expect_ratings(rated(m, players, {1, 2}), players, 0);
    expect_ratings(rated(m, players, {1, 2, 3, 4}), players, 0);
    expect_ratings(rated(m, players, {}), players, 0);
    expect_ratings(rated(m, {fresh}, {1}), {fresh}, 0);
    EXPECT_TRUE(rated(m, {}, {}).empty());
  }
  expect_ratings(rated(static_cast<weng_lin_model>(99), players, {1, 2, 3}), players, 0);
}

TEST(WengLin, ExtremeRatingsStayFinite) {
  // Shares are taken relative to the strongest player, and the draw functions take their limits
  // where the normal distribution underflows.
  const std::vector<weng_lin_rating> players{{1e4, 1}, {-1e4, 1}, {0, 0.001}};
  for (auto m : ratings::weng_lin_models) {
    SCOPED_TRACE(ratings::weng_lin_model_name(m));
    for (const auto& ranks : {std::vector<int>{3, 1, 2}, std::vector<int>{1, 1, 1}}) {
      for (const auto& r : rated(m, players, ranks)) {
        EXPECT_TRUE(std::isfinite(r.mu));
        EXPECT_TRUE(std::isfinite(r.sigma));
        EXPECT_GT(r.sigma, 0);
      }
    }
  }
}

}  // namespace
}  // namespace boardroom::test
