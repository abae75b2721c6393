//! Deadlands' screens.
