//! JSON Lines helpers. STUB
