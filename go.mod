module github.com/mecatol/mecatol

go 1.26.8
