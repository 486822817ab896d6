CREATE TABLE webhooks (
    game TEXT PRIMARY KEY REFERENCES games(id),
    url TEXT NOT NULL
);
