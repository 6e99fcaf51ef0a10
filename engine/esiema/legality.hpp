#pragma once
// The checked path: a written move becomes a legal action, or a reason a player understands.

#include "engine/core/error.hpp"
#include "engine/esiema/move.hpp"
#include "engine/esiema/position.hpp"
#include "engine/esiema/rules.hpp"

namespace boardroom::engine::esiema {

// The action of the player to act that `written` describes, or an "illegal_move" error naming the
// broken rule ("pit f5 already holds 12 balls", "the last ball must be yours"). A sowing is
// checked pit by pit along its path: its legality never depends on listing sowings.
result<move> check_move(const position& pos, const rules& r, const move& written);

// A sowing begun: its start and the first `begun.count` pits of its path with their balls.
// Nothing when it is legal so far and can still end in a legal sowing (a path long enough leads
// on, and a ball of the player's own is left for the last pit, or it has just been dropped
// there); otherwise the "illegal_move" error naming the broken rule.
result<void> check_sowing_begun(const position& pos, const rules& r, const move& begun);

}  // namespace boardroom::engine::esiema
