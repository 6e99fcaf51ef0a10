#include "server/storage/store.hpp"

#include <cstdlib>

#include <nlohmann/json.hpp>

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

std::string bots_text(const std::map<int, std::string>& bots) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [seat, name] : bots)
    out[std::to_string(seat)] = name;
  return out.dump();
}

std::map<int, std::string> bots_from_text(std::string_view text) {
  std::map<int, std::string> out;
  auto bots = nlohmann::json::parse(text, nullptr, false);
  if (!bots.is_object()) return out;
  for (const auto& [seat, name] : bots.items()) {
    if (name.is_string()) out[std::atoi(seat.c_str())] = name.get<std::string>();
  }
  return out;
}

store_result<std::vector<std::string>> store::unfinished_room_ids() {
  auto rooms = load_unfinished_rooms();
  if (!rooms) return std::unexpected(rooms.error());
  std::vector<std::string> ids;
  for (const auto& r : *rooms)
    ids.push_back(r.record.id);
  return ids;
}

std::vector<store_result<void>> store::append_group(std::span<const event_append> group) {
  std::vector<store_result<void>> results;
  results.reserve(group.size());
  for (const auto& a : group) {
    results.push_back(a.created ? create_room(*a.created, a.events)
                                : append_events(a.room, a.events, a.status));
  }
  return results;
}

std::vector<store_result<void>> store::commit_group(std::span<const event_append> group,
                                                    const transaction_of& in_one_transaction) {
  if (in_one_transaction(group)) return std::vector<store_result<void>>(group.size());
  std::vector<store_result<void>> each;
  each.reserve(group.size());
  for (std::size_t i = 0; i < group.size(); ++i)
    each.push_back(in_one_transaction(group.subspan(i, 1)));
  return each;
}

std::string store::group_failure(std::span<const event_append> part) {
  if (part.size() != 1) return "cannot append a group of events";
  return (part[0].created ? "cannot create room " : "cannot append to room ") +
         std::string(part[0].room);
}

}  // namespace boardroom::server
