// Accounts over real sockets: a guest claims its name with a password (account.register), logs in
// with it from anywhere (hello with a password), and nobody else can say hello under that name.

#include <gtest/gtest.h>

#include "server/storage/sqlite_store.hpp"
#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

json hello_with(ws_client& c, json params) {
  params["protocol"] = 1;
  return c.call("hello", params);
}

TEST(Accounts, AGuestClaimsItsNameAndLogsInWithItFromAnotherConnection) {
  test_server srv;
  ws_client first(srv.port());
  auto guest = first.hello("Alice");
  EXPECT_EQ(guest["account"], false);
  auto registered = first.call("account.register", {{"password", "correct horse"}});
  ASSERT_EQ(error_code(registered), "") << registered.dump();
  EXPECT_EQ(registered["result"]["player"], guest["player"]);
  EXPECT_EQ(registered["result"]["name"], "Alice");
  EXPECT_EQ(registered["result"]["account"], true);

  // A log-in (ASCII case ignored) is the same identity under the name as claimed, with a token of
  // its own; the first token keeps working.
  ws_client second(srv.port());
  auto login = hello_with(second, {{"name", "ALICE"}, {"password", "correct horse"}});
  ASSERT_EQ(error_code(login), "") << login.dump();
  EXPECT_EQ(login["result"]["player"], guest["player"]);
  EXPECT_EQ(login["result"]["name"], "Alice");
  EXPECT_EQ(login["result"]["account"], true);
  EXPECT_NE(login["result"]["resume_token"], guest["resume_token"]);
  for (const auto& token : {guest["resume_token"], login["result"]["resume_token"]}) {
    ws_client again(srv.port());
    auto resumed = again.hello("Alice", token.get<std::string>());
    EXPECT_EQ(resumed["player"], guest["player"]);
    EXPECT_EQ(resumed["account"], true);
  }
  // An account keeps the name it claimed whatever a resuming hello says.
  ws_client renamed(srv.port());
  EXPECT_EQ(renamed.hello("Mallory", guest["resume_token"].get<std::string>())["name"], "Alice");
}

TEST(Accounts, AClaimedNameIsNoGuestsToTakeAndWrongPasswordsSayNothing) {
  test_server srv;
  ws_client owner(srv.port());
  owner.hello("Bob");
  ASSERT_EQ(error_code(owner.call("account.register", {{"password", "hunter2hunter2"}})), "");

  ws_client impostor(srv.port());
  auto taken = hello_with(impostor, {{"name", "bob"}});
  EXPECT_EQ(error_code(taken), "name_taken") << taken.dump();
  EXPECT_EQ(taken["error"]["data"]["field"], "name");
  // The connection may still say hello under another name.
  EXPECT_EQ(error_code(hello_with(impostor, {{"name", "Bobby"}})), "");

  ws_client guesser(srv.port());
  auto wrong = hello_with(guesser, {{"name", "Bob"}, {"password", "hunter3hunter3"}});
  auto unknown = hello_with(guesser, {{"name", "Nobody"}, {"password", "hunter2hunter2"}});
  EXPECT_EQ(error_code(wrong), "bad_credentials");
  EXPECT_EQ(error_code(unknown), "bad_credentials");
  EXPECT_EQ(wrong["error"]["message"], unknown["error"]["message"]);
  EXPECT_EQ(error_code(guesser.call("lobby.list")), "hello_required");
}

TEST(Accounts, RegistrationIsRefusedInWords) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port()), c(srv.port());
  EXPECT_EQ(error_code(a.call("account.register", {{"password", "long enough"}})),
            "hello_required");
  a.hello("Carol");
  b.hello("Carol");  // guests may share a name until one claims it
  auto short_one = a.call("account.register", {{"password", "short"}});
  EXPECT_EQ(error_code(short_one), "bad_password");
  EXPECT_EQ(short_one["error"]["data"]["field"], "password");
  EXPECT_EQ(error_code(a.call("account.register", {{"password", std::string(129, 'x')}})),
            "out_of_range");
  EXPECT_EQ(error_code(a.call("account.register", {{"password", 12345678}})), "wrong_type");
  EXPECT_EQ(error_code(a.call("account.register", {{"password", "long enough"}, {"x", 1}})),
            "unknown_field");
  ASSERT_EQ(error_code(a.call("account.register", {{"password", "long enough"}})), "");
  EXPECT_EQ(error_code(a.call("account.register", {{"password", "long enough"}})),
            "already_registered");
  EXPECT_EQ(error_code(b.call("account.register", {{"password", "another one"}})), "name_taken");
  c.hello("Dave");
  EXPECT_EQ(error_code(c.call("account.register", {{"password", "another one"}})), "");
}

// A guest keeps its name only until an account claims it: coming back under it, even with its
// own token, it is told to choose another.
TEST(Accounts, AGuestWhoseNameWasClaimedMeanwhileMustChooseAnother) {
  test_server srv;
  auto guest = std::make_unique<ws_client>(srv.port());
  std::string token = guest->hello("Grace")["resume_token"];
  guest.reset();
  ws_client owner(srv.port());
  owner.hello("grace");
  ASSERT_EQ(error_code(owner.call("account.register", {{"password", "grace's secret"}})), "");
  ws_client back(srv.port());
  auto refused = back.call("hello", {{"protocol", 1}, {"name", "Grace"}, {"resume_token", token}});
  EXPECT_EQ(error_code(refused), "name_taken") << refused.dump();
  auto renamed =
      back.call("hello", {{"protocol", 1}, {"name", "Grace II"}, {"resume_token", token}});
  ASSERT_EQ(error_code(renamed), "") << renamed.dump();
  EXPECT_EQ(renamed["result"]["resumed"], true);
  EXPECT_EQ(renamed["result"]["account"], false);
}

TEST(Accounts, PasswordChecksAreLimitedPerAddress) {
  auto limit = test_limits();
  limit.password_checks_per_minute_per_address = 3;
  test_server srv(limit);
  ws_client owner(srv.port());
  owner.hello("Erin");
  ASSERT_EQ(error_code(owner.call("account.register", {{"password", "erin's secret"}})), "");
  std::vector<std::string> codes;
  for (int i = 0; i < 4; ++i) {
    ws_client guesser(srv.port());
    codes.push_back(error_code(hello_with(guesser, {{"name", "Erin"}, {"password", "guess"}})));
  }
  EXPECT_EQ(codes, (std::vector<std::string>{"bad_credentials", "bad_credentials", "password_rate",
                                             "password_rate"}));
  auto metrics = http_get(srv.port(), "/metrics");
  EXPECT_NE(metrics.body.find("boardroom_refusals_total{reason=\"password_rate\"} 2"),
            std::string::npos);
}

TEST(Accounts, AccountsOutliveARestartAndNeverExpire) {
  temp_dir dir;
  std::string player;
  {
    test_server srv(on_dir(dir.path()));
    ws_client c(srv.port());
    player = c.hello("Frank")["player"];
    ASSERT_EQ(error_code(c.call("account.register", {{"password", "frank's secret"}})), "");
  }
  {
    // Guest expiry runs at start: with an expiry of zero every guest that never played goes.
    auto limit = test_limits();
    limit.guest_expiry = std::chrono::hours(0);
    test_server srv(on_dir(dir.path(), limit));
    ws_client c(srv.port());
    auto login = hello_with(c, {{"name", "frank"}, {"password", "frank's secret"}});
    ASSERT_EQ(error_code(login), "") << login.dump();
    EXPECT_EQ(login["result"]["player"], player);
    ws_client guest(srv.port());
    EXPECT_EQ(error_code(hello_with(guest, {{"name", "Frank"}})), "name_taken");
  }
  // The store keeps the password's Argon2id hash, not the password.
  auto store = open_store(dir.path());
  auto account = store->find_account("FRANK");
  ASSERT_TRUE(account && *account);
  EXPECT_EQ((*account)->player, player);
  EXPECT_EQ((*account)->password_hash.rfind("$argon2id$", 0), 0u);
  EXPECT_EQ((*account)->password_hash.find("frank's secret"), std::string::npos);
}

}  // namespace
}  // namespace boardroom::test
