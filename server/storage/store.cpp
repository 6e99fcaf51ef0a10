#include "server/storage/store.hpp"

namespace boardroom::server {

std::string_view status_text(room_status s) {
  switch (s) {
    case room_status::waiting:
      return "waiting";
    case room_status::playing:
      return "playing";
    case room_status::finished:
      return "finished";
    case room_status::closed:
      return "closed";
  }
  return "closed";
}

std::optional<room_status> status_from_text(std::string_view text) {
  for (auto s :
       {room_status::waiting, room_status::playing, room_status::finished, room_status::closed}) {
    if (status_text(s) == text) return s;
  }
  return std::nullopt;
}

std::vector<store_result<void>> store::append_group(std::span<const event_append> group) {
  std::vector<store_result<void>> results;
  results.reserve(group.size());
  for (const auto& a : group)
    results.push_back(append_events(a.room, a.events, a.status));
  return results;
}

}  // namespace boardroom::server
