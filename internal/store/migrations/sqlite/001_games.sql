CREATE TABLE games (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    config BLOB NOT NULL,
    initial BLOB NOT NULL,
    seats INTEGER NOT NULL
);
CREATE TABLE entries (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    body BLOB NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE seats (
    game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token_hash BLOB NOT NULL,
    PRIMARY KEY (game, seat)
);
