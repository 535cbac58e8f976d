//! The engines the room may start, shared by its two engine users (the
//! game's engine and the analyst): their descriptions, how a process is
//! started, and the numbers that tell processes and searches apart.

use songo_client::EngineSpec;

use super::Spawner;
use crate::link::EngineLink;

/// The command line's engines and the room's way to start one.
pub(super) struct Engines {
    specs: Vec<EngineSpec>,
    spawn: Spawner,
    /// Every engine process gets its own generation: the events of a
    /// replaced one are recognised and dropped.
    next_generation: u64,
    next_ticket: u64,
}

impl Engines {
    /// `specs` is never empty (the room checks it).
    pub(super) fn new(specs: Vec<EngineSpec>, spawn: Spawner) -> Engines {
        Engines {
            specs,
            spawn,
            next_generation: 0,
            next_ticket: 0,
        }
    }

    /// A fresh process of engine `index`, and the generation its events
    /// carry.
    pub(super) fn start(&mut self, index: usize) -> (Box<dyn EngineLink>, u64) {
        self.next_generation += 1;
        let generation = self.next_generation;
        let link = (self.spawn)(&self.specs[index], generation);
        (link, generation)
    }

    /// A number for a new search: its answer carries it.
    pub(super) fn ticket(&mut self) -> u64 {
        self.next_ticket += 1;
        self.next_ticket
    }

    /// Engine `index`'s name.
    pub(super) fn name(&self, index: usize) -> &str {
        &self.specs[index].name
    }

    /// Every engine's name, in the command line's order.
    pub(super) fn names(&self) -> Vec<String> {
        self.specs.iter().map(|e| e.name.clone()).collect()
    }

    /// How many engines there are.
    pub(super) fn len(&self) -> usize {
        self.specs.len()
    }

    /// The index of the engine named `name`.
    pub(super) fn find(&self, name: &str) -> Option<usize> {
        self.specs.iter().position(|e| e.name == name)
    }
}
