"""The example variants that ship with the game (docs/variants.md): package data, one TOML file per
variant, each naming its game. The setup screen and the balance lab offer them beside a person's own
(`<data dir>/variants/*.toml`)."""
