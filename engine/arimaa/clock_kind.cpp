#include "engine/arimaa/clock_kind.hpp"

#include "engine/arimaa/time_control.hpp"

namespace boardroom::engine::arimaa {

namespace {

class arimaa_clock_rules final : public clock_rules {
 public:
  explicit arimaa_clock_rules(const time_control& tc) : tc_(tc) {}

  std::string text() const override { return time_control_text(tc_); }
  milliseconds initial_bank() const override { return tc_.reserve; }
  milliseconds turn_allowance(milliseconds reserve) const override {
    return arimaa::turn_allowance(tc_, reserve);
  }
  milliseconds bank_after_turn(milliseconds reserve, milliseconds used) const override {
    return reserve_after_turn(tc_, reserve, used);
  }
  milliseconds game_time() const override { return tc_.game_time; }
  int game_turns() const override { return tc_.game_turns; }

 private:
  time_control tc_;
};

class arimaa_clock_kind final : public engine::clock_kind {
 public:
  std::string_view name() const override { return "arimaa"; }
  std::string_view example() const override { return "30s/5m/100/0/0/0"; }
  result<std::shared_ptr<const clock_rules>> parse(std::string_view text) const override {
    auto tc = parse_time_control(text);
    if (!tc) return std::unexpected(tc.error());
    return std::make_shared<const arimaa_clock_rules>(*tc);
  }
};

}  // namespace

const engine::clock_kind& the_clock_kind() {
  static const arimaa_clock_kind instance;
  return instance;
}

}  // namespace boardroom::engine::arimaa
