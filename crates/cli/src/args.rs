//! A small command-line reader: `--name value` options anywhere, then
//! positional arguments.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum UsageError {
    #[error("no command given")]
    NoCommand,
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    #[error("missing {0}")]
    Missing(&'static str),
    #[error("{0} needs a value")]
    NoValue(String),
    #[error("'{1}' is not a valid value for {0}")]
    Value(&'static str, String),
    #[error("unexpected argument '{0}'")]
    Unexpected(String),
}

pub struct Args {
    items: Vec<String>,
}

impl Args {
    pub fn new(args: impl Iterator<Item = String>) -> Args {
        Args { items: args.collect() }
    }

    /// Takes the first argument: the command.
    pub fn command(&mut self) -> Option<String> {
        (!self.items.is_empty()).then(|| self.items.remove(0))
    }

    /// Takes `--name value` if present.
    pub fn option(&mut self, name: &str) -> Result<Option<String>, UsageError> {
        let Some(i) = self.items.iter().position(|a| a == name) else {
            return Ok(None);
        };
        if i + 1 >= self.items.len() {
            return Err(UsageError::NoValue(name.to_string()));
        }
        self.items.remove(i);
        Ok(Some(self.items.remove(i)))
    }

    /// Takes `--name` (a flag without a value) if present.
    pub fn flag(&mut self, name: &str) -> bool {
        let found = self.items.iter().position(|a| a == name);
        found.map(|i| self.items.remove(i)).is_some()
    }

    pub fn required(&mut self, name: &'static str) -> Result<String, UsageError> {
        self.option(name)?.ok_or(UsageError::Missing(name))
    }

    pub fn number(&mut self, name: &'static str) -> Result<Option<u64>, UsageError> {
        self.option(name)?.map(|v| v.parse().map_err(|_| UsageError::Value(name, v))).transpose()
    }

    /// Takes the next positional argument.
    pub fn positional(&mut self, what: &'static str) -> Result<String, UsageError> {
        match self.items.iter().position(|a| !a.starts_with("--")) {
            Some(i) => Ok(self.items.remove(i)),
            None => Err(UsageError::Missing(what)),
        }
    }

    /// Takes every remaining argument as positional.
    pub fn rest(&mut self) -> Result<Vec<String>, UsageError> {
        if let Some(flag) = self.items.iter().find(|a| a.starts_with("--")) {
            return Err(UsageError::Unexpected(flag.clone()));
        }
        Ok(std::mem::take(&mut self.items))
    }

    /// Refuses anything left over.
    pub fn finish(&mut self) -> Result<(), UsageError> {
        match self.items.first() {
            Some(extra) => Err(UsageError::Unexpected(extra.clone())),
            None => Ok(()),
        }
    }
}
