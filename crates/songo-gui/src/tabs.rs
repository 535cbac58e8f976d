//! One game, one tab: `songo gui` has one room, and two tabs that both
//! played it fought over it (a game started in one overwrote the other's
//! choices, and the other's panels went stale). So one page is active at a
//! time: the one that connected last, or that asked for it. The others are
//! told `{"type":"elsewhere"}` and show that the game is open elsewhere,
//! with a button that claims it back (`{"type":"claim"}`); the page that
//! becomes active again is told `{"type":"here"}`. Their messages to the
//! room are answered with `elsewhere` until then.

use std::collections::HashMap;

use tokio::sync::mpsc::UnboundedSender;

/// What a paused page is told.
pub const ELSEWHERE: &str = r#"{"type":"elsewhere"}"#;
/// What a page that becomes active is told.
pub const HERE: &str = r#"{"type":"here"}"#;

/// The connected pages and which one plays.
#[derive(Default)]
pub struct Tabs {
    pages: HashMap<u64, UnboundedSender<String>>,
    /// Connection order, oldest first: the newest left takes over when the
    /// active page goes.
    order: Vec<u64>,
    active: Option<u64>,
}

/// What a page's message is to the room.
pub enum Take {
    /// For the room.
    Room,
    /// The page claimed the game: welcome it.
    Claimed,
    /// From a paused page: not for the room.
    Paused,
}

impl Tabs {
    /// A new page: it becomes the active one; the page that was active is
    /// paused.
    pub fn connect(&mut self, id: u64, tx: UnboundedSender<String>) {
        self.pause_active();
        self.pages.insert(id, tx);
        self.order.push(id);
        self.active = Some(id);
    }

    /// A page went. If it was the active one, the newest page left takes
    /// over, and hears so. Whether no page is left.
    pub fn disconnect(&mut self, id: u64) -> bool {
        self.pages.remove(&id);
        self.order.retain(|&p| p != id);
        if self.active == Some(id) {
            self.active = self.order.last().copied();
            if let Some(next) = self.active {
                self.send(next, HERE);
            }
        }
        self.pages.is_empty()
    }

    /// What to do with a message of page `id`.
    pub fn take(&mut self, id: u64, text: &str) -> Take {
        if is_claim(text) {
            if self.active != Some(id) {
                self.pause_active();
                self.active = Some(id);
            }
            self.send(id, HERE);
            return Take::Claimed;
        }
        if self.active == Some(id) {
            Take::Room
        } else {
            self.send(id, ELSEWHERE);
            Take::Paused
        }
    }

    /// Sends to page `id` (a page whose socket closed is dropped).
    pub fn send(&mut self, id: u64, text: &str) {
        if let Some(tx) = self.pages.get(&id) {
            if tx.send(text.to_string()).is_err() {
                self.pages.remove(&id);
            }
        }
    }

    /// Sends to every page: the paused ones keep an up-to-date view behind
    /// their notice.
    pub fn broadcast(&mut self, text: &str) {
        self.pages.retain(|_, tx| tx.send(text.to_string()).is_ok());
    }

    fn pause_active(&mut self) {
        if let Some(old) = self.active.take() {
            self.send(old, ELSEWHERE);
        }
    }
}

/// Whether a page's message is `{"type":"claim"}` (the room never sees it).
fn is_claim(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .is_ok_and(|v| v.get("type").and_then(|t| t.as_str()) == Some("claim"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver};

    fn page(tabs: &mut Tabs, id: u64) -> UnboundedReceiver<String> {
        let (tx, rx) = unbounded_channel();
        tabs.connect(id, tx);
        rx
    }

    fn heard(rx: &mut UnboundedReceiver<String>) -> Vec<String> {
        std::iter::from_fn(|| rx.try_recv().ok()).collect()
    }

    #[test]
    fn the_newest_tab_plays_and_another_can_claim_the_game() {
        let mut tabs = Tabs::default();
        let mut a = page(&mut tabs, 1);
        assert!(matches!(tabs.take(1, r#"{"type":"state"}"#), Take::Room));
        let mut b = page(&mut tabs, 2);
        assert_eq!(heard(&mut a), [ELSEWHERE]);
        assert!(heard(&mut b).is_empty());
        assert!(matches!(
            tabs.take(1, r#"{"type":"move","pit":"C"}"#),
            Take::Paused
        ));
        assert_eq!(heard(&mut a), [ELSEWHERE]);
        assert!(matches!(
            tabs.take(2, r#"{"type":"move","pit":"C"}"#),
            Take::Room
        ));
        // A claims it back.
        assert!(matches!(tabs.take(1, r#"{"type":"claim"}"#), Take::Claimed));
        assert_eq!(heard(&mut a), [HERE]);
        assert_eq!(heard(&mut b), [ELSEWHERE]);
        assert!(matches!(tabs.take(1, r#"{"type":"state"}"#), Take::Room));
        // The active tab closes: the other takes over.
        assert!(!tabs.disconnect(1));
        assert_eq!(heard(&mut b), [HERE]);
        assert!(matches!(tabs.take(2, r#"{"type":"state"}"#), Take::Room));
        assert!(tabs.disconnect(2));
    }
}
