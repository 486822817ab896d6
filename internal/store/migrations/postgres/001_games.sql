CREATE TABLE games (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    config BYTEA NOT NULL,
    initial BYTEA NOT NULL,
    seats INTEGER NOT NULL
);
CREATE TABLE entries (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    body BYTEA NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE seats (
    game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token_hash BYTEA NOT NULL,
    PRIMARY KEY (game, seat)
);
