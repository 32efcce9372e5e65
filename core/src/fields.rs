//! The known fields of one input object, picked in a single pass.
//!
//! Every key the input rules read has a slot; unknown keys get none. Taking a field is then a
//! slot lookup instead of a scan of the object, which keeps the conversion of a small result to
//! a handful of allocations. A slot holds the entry's position in one byte; a known key that
//! stands past the first [`DIRECT`] entries (unknown keys count, so only in an object of more
//! than 254 keys) is marked [`FAR`] and found by scanning the entries from the end.

use crate::model::{Map, Spare, Str, Value};

/// How many leading entries a slot can point at directly (marks `1..=DIRECT`).
const DIRECT: usize = u8::MAX as usize - 1;

/// The slot mark of an entry past [`DIRECT`]: its position is found by a scan.
const FAR: u8 = u8::MAX;

/// Declares the slots from one list: the [`Slot`] enum, [`SLOT_KEYS`] and [`slot_of`].
macro_rules! slots {
    ($($slot:ident = $key:literal,)*) => {
        /// A key the input rules read.
        #[derive(Clone, Copy)]
        enum Slot {
            $($slot,)*
        }

        /// The key of each slot (`slot_of(SLOT_KEYS[i])` is slot `i`).
        const SLOT_KEYS: &[&str] = &[$($key,)*];

        /// The slot of a key the input rules read (inlined, so a literal key folds to a constant).
        #[inline(always)]
        fn slot_of(key: &str) -> Option<Slot> {
            Some(match key {
                $($key => Slot::$slot,)*
                _ => return None,
            })
        }
    };
}

// `slot_of` tests the keys of one length in this order: the keys of the common blocks come first.
slots! {
    Type = "type",
    Text = "text",
    Data = "data",
    MimeType = "mimeType",
    Resource = "resource",
    Content = "content",
    IsError = "isError",
    Jsonrpc = "jsonrpc",
    Result = "result",
    Error = "error",
    Task = "task",
    ToolResult = "toolResult",
    ToolResultSnake = "tool_result",
    IsErrorSnake = "is_error",
    StructuredContent = "structuredContent",
    StructuredContentSnake = "structured_content",
    Meta = "_meta",
    MetaSnake = "meta",
    ResultType = "resultType",
    ResultTypeSnake = "result_type",
    MimeTypeSnake = "mime_type",
    Uri = "uri",
    Name = "name",
    Title = "title",
    Description = "description",
    Size = "size",
    Icons = "icons",
    Annotations = "annotations",
    Blob = "blob",
    Json = "json",
    Audience = "audience",
    Priority = "priority",
    LastModified = "lastModified",
    LastModifiedSnake = "last_modified",
}

/// How many keys the input rules read.
const SLOTS: usize = SLOT_KEYS.len();

/// The snake_case spellings the rules accept for camelCase keys.
const SNAKE: [Slot; 7] = [
    Slot::ToolResultSnake,
    Slot::IsErrorSnake,
    Slot::StructuredContentSnake,
    Slot::MetaSnake,
    Slot::ResultTypeSnake,
    Slot::MimeTypeSnake,
    Slot::LastModifiedSnake,
];

/// Whether each slot is one of [`SNAKE`].
const SNAKE_SLOTS: [bool; SLOTS] = {
    let mut snake = [false; SLOTS];
    let mut i = 0;
    while i < SNAKE.len() {
        snake[SNAKE[i] as usize] = true;
        i += 1;
    }
    snake
};

/// The known fields of one object: the object's own entries, indexed by slot (so taking a
/// field neither scans nor moves the rest), plus the order in which snake_case aliases appeared.
pub struct Fields<'a> {
    entries: Vec<(Str<'a>, Value<'a>)>,
    /// `index[slot]` is the position + 1 of the slot's (last) entry, [`FAR`] when that position
    /// is past [`DIRECT`], 0 when absent.
    index: [u8; SLOTS],
    /// The slots of the snake_case aliases present, in input order (each at most once).
    aliases: [u8; SNAKE.len()],
    /// How many of `aliases` are set.
    alias_count: u8,
}

impl<'a> Fields<'a> {
    /// No fields.
    pub fn empty() -> Self {
        Fields {
            entries: Vec::new(),
            index: [0; SLOTS],
            aliases: [0; SNAKE.len()],
            alias_count: 0,
        }
    }

    /// Picks the known fields of `map` (the last of repeated keys wins), noting the order in
    /// which snake_case aliases appear.
    pub fn pick(map: Map<'a>) -> Self {
        let mut fields = Fields {
            entries: map.into_entries(),
            index: [0; SLOTS],
            aliases: [0; SNAKE.len()],
            alias_count: 0,
        };
        for (position, (key, _)) in fields.entries.iter().enumerate() {
            let Some(slot) = slot_of(key.as_str()) else { continue };
            let slot = slot as usize;
            if SNAKE_SLOTS[slot] && fields.index[slot] == 0 {
                // A first sighting of one of the `SNAKE.len()` aliases: there is room.
                fields.aliases[usize::from(fields.alias_count)] = slot as u8;
                fields.alias_count += 1;
            }
            fields.index[slot] = mark(position);
        }
        fields
    }

    /// The object again: its entries in input order (a taken field is `null`, or gone when it
    /// was the last entry).
    pub fn into_map(self) -> Map<'a> {
        self.entries.into_iter().collect()
    }

    /// The emptied entry list, for an output object to reuse (what is left in it is dropped).
    pub fn into_spare(self) -> Spare<'a> {
        Spare::of(self.entries)
    }

    /// Whether any snake_case alias is present.
    #[inline(always)]
    pub fn has_aliases(&self) -> bool {
        self.alias_count != 0
    }

    /// The snake_case aliases present, in input order.
    pub fn aliases_seen(&self) -> Vec<&'static str> {
        self.aliases[..usize::from(self.alias_count)]
            .iter()
            .map(|&slot| SLOT_KEYS[usize::from(slot)])
            .collect()
    }

    #[inline(always)]
    fn position(&self, key: &str) -> Option<usize> {
        match self.index[slot_of(key)? as usize] {
            0 => None,
            FAR => self.entries.iter().rposition(|(k, _)| k.as_str() == key),
            mark => Some(usize::from(mark) - 1),
        }
    }

    /// Whether `key` is present.
    #[inline(always)]
    pub fn has(&self, key: &str) -> bool {
        self.position(key).is_some()
    }

    /// The value of `key`.
    #[inline(always)]
    pub fn get(&self, key: &str) -> Option<&Value<'a>> {
        self.position(key).map(|p| &self.entries[p].1)
    }

    /// Removes and returns the value of `key`.
    #[inline(always)]
    pub fn take(&mut self, key: &str) -> Option<Value<'a>> {
        let position = self.position(key)?;
        if let Some(slot) = slot_of(key) {
            self.index[slot as usize] = 0;
        }
        // The last entry goes (no other slot points at it), which leaves one entry fewer to drop;
        // any other is left `null` so that the positions stay.
        if position + 1 == self.entries.len() {
            return self.entries.pop().map(|(_, value)| value);
        }
        Some(std::mem::replace(&mut self.entries[position].1, Value::Null))
    }

    /// Stores `value` under `key` (a known key).
    pub fn set(&mut self, key: &'static str, value: Value<'a>) {
        let Some(slot) = slot_of(key) else { return };
        match self.position(key) {
            Some(position) => self.entries[position].1 = value,
            None => {
                self.entries.push((Str::borrowed(key), value));
                self.index[slot as usize] = mark(self.entries.len() - 1);
            }
        }
    }

    /// Moves the value of `from` to `to` (both known keys).
    pub fn rename(&mut self, from: &str, to: &'static str) {
        if let Some(value) = self.take(from) {
            self.set(to, value);
        }
    }
}

/// The slot mark of the entry at `position`.
#[inline]
fn mark(position: usize) -> u8 {
    if position < DIRECT {
        // In range: `position + 1 <= DIRECT < FAR`.
        (position + 1) as u8
    } else {
        FAR
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;

    #[test]
    fn picks_known_keys_last_wins() {
        let Value::Object(map) = json::parse(r#"{"type":"a","zzz":1,"type":"b","mime_type":"x","meta":{}}"#).unwrap()
        else {
            panic!("object expected")
        };
        let mut fields = Fields::pick(map);
        assert_eq!(fields.aliases_seen(), ["mime_type", "meta"]);
        assert_eq!(
            fields
                .take("type")
                .and_then(|v| v.as_str().map(str::to_owned))
                .as_deref(),
            Some("b")
        );
        assert!(!fields.has("type"));
        assert!(!fields.has("zzz"));
        fields.rename("mime_type", "mimeType");
        assert!(fields.has("mimeType") && !fields.has("mime_type"));
    }

    #[test]
    fn finds_keys_past_the_direct_marks() {
        // 300 unknown keys before the known ones: every known key is past `DIRECT`.
        let mut text: String = (0..300).map(|i| format!("\"k{i}\":{i},")).collect();
        text = format!("{{\"type\":\"a\",{text}\"text\":\"t\",\"type\":\"b\",\"mime_type\":\"x\"}}");
        let Value::Object(map) = json::parse(&text).unwrap() else {
            panic!("object expected")
        };
        let mut fields = Fields::pick(map);
        assert_eq!(fields.aliases_seen(), ["mime_type"]);
        assert_eq!(fields.get("text").and_then(Value::as_str), Some("t"));
        assert_eq!(fields.take("type").as_ref().and_then(Value::as_str), Some("b"));
        assert!(!fields.has("type") && fields.take("type").is_none());
        fields.rename("mime_type", "mimeType");
        assert!(fields.has("mimeType") && !fields.has("mime_type"));
        assert_eq!(fields.get("mimeType").and_then(Value::as_str), Some("x"));
        fields.set("type", Value::string("c"));
        assert_eq!(fields.get("type").and_then(Value::as_str), Some("c"));
        assert!(!fields.has("data"));
    }

    #[test]
    fn slot_keys_match_slots() {
        for (slot, key) in SLOT_KEYS.iter().enumerate() {
            assert_eq!(slot_of(key).map(|s| s as usize), Some(slot), "{key}");
        }
        let snake: Vec<&str> = (0..SLOTS)
            .filter(|&slot| SNAKE_SLOTS[slot])
            .map(|slot| SLOT_KEYS[slot])
            .collect();
        let expected = [
            "tool_result",
            "is_error",
            "structured_content",
            "meta",
            "result_type",
            "mime_type",
            "last_modified",
        ];
        assert_eq!(snake, expected);
    }

    #[test]
    fn marks_switch_to_far_at_direct() {
        assert_eq!(mark(0), 1);
        assert_eq!(mark(DIRECT - 1), u8::try_from(DIRECT).unwrap());
        assert_eq!(mark(DIRECT), FAR);
        assert_eq!(mark(100_000), FAR);
    }
}
